-- The Game of Trenches: why an action is illegal, and what a legal one
-- does. The notation is read back as a move and, for a soldier, its
-- grenade (p.target). game:explain asks the game's own reasons after the
-- generic ones (g), which check the move's pattern (T-M1, debris T-M2);
-- these add the end of the game (T-E1), pieces in the way (T-M2), the
-- grenade (T-G1..T-G4) and the tanks' protected squares (T-T2).
local wg = require "wargrid"
local why = wg.why

local reasons = {}

function reasons:read_action(_, text)
  local t = why.normal(text)
  local a, b, c = t:match("^(%l%d+)(%l%d+)/(%l%d+)$")
  if not a then a, b = t:match("^(%l%d+)(%l%d+)$") end
  if not a then
    return nil, string.format("'%s' is not an action of %s (a soldier's "
                              .. "move and grenade d1-d5/h5, a tank's move "
                              .. "c2-c6)", text, self.name)
  end
  local p = { text = text, kind = "move" }
  local err
  for k, name in pairs { from = a, to = b, target = c } do
    p[k], err = why.square_of(self, name)
    if not p[k] then return nil, err end
  end
  return p
end

-- The squares strictly between a and b on a line of the 8, or nil.
local function between(self, a, b)
  local f1, r1 = self.rules:coords(a)
  local f2, r2 = self.rules:coords(b)
  local dx, dy = f2 - f1, r2 - r1
  if not (dx == 0 or dy == 0 or math.abs(dx) == math.abs(dy)) then
    return nil
  end
  local n = math.max(math.abs(dx), math.abs(dy))
  local sx, sy = dx // math.max(n, 1), dy // math.max(n, 1)
  local out = {}
  for k = 1, n - 1 do out[k] = self.rules:at(f1 + k * sx, r1 + k * sy) end
  return out
end

-- The guards (T-T2) next to sq, named: "the tank on d4"
local function guards_of(self, s, sq, guards, side)
  local names = {}
  local f, r = self.rules:coords(sq)
  for dy = -1, 1 do
    for dx = -1, 1 do
      local t = self.rules:at(f + dx, r + dy)
      local pid = t and t ~= sq and s:at(t)
      if pid and guards & (1 << s:type(pid)) ~= 0 then
        names[#names + 1] = why.piece(self, s, pid, side)
      end
    end
  end
  return why.list(names)
end

-- T-G1..T-G3, T-T2 the grenade of p, the soldier having moved: the reason
-- it may not land on p.target, or nil
local function grenade(self, s, side, p, pid)
  local shots = self:prepared().shots
  local target, name = p.target, self.rules:name(p.target)
  -- T-G3 read the other way (a variant): the square left stays occupied
  if not shots.origin_open then
    local way = between(self, p.to, target)
    local crosses = target == p.from
    for _, sq in ipairs(way or {}) do crosses = crosses or sq == p.from end
    if crosses then
      return "T-G3", string.format("the grenade may not %s %s, the square "
                                   .. "the soldier just left",
                                   target == p.from and "land on" or "pass",
                                   self.rules:name(p.from))
    end
  end
  if target == p.to then
    return "T-G1", string.format("the grenade lands on an empty square, and "
                                 .. "the soldier stands on %s", name)
  end
  local m = s:mark()
  s:move(pid, p.to)
  local rule, text
  -- T-G2 read strictly (a variant): the first protected square in flight
  local stop, way = nil, between(self, p.to, target) or {}
  for k, sq in ipairs(way) do
    if not stop and shots.guards_stop and s:guarded(sq, shots.guards) then
      stop = k
    end
  end
  -- T-G1 the grenade's flight: the soldier's square walked by the
  -- grenade's pattern (the runtime's s:why_not: nil, or why and where not)
  if s:type(pid) ~= shots.pattern then s:retype(pid, shots.pattern) end
  local kind, at = s:why_not(pid, target, "move")
  local r = kind and { kind = kind, at = at }
  local r_at
  for k, sq in ipairs(way) do if r and sq == r.at then r_at = k end end
  if stop and (not r or r.kind == "pattern" or not r_at or stop < r_at) then
    rule, text = "T-G2", string.format("the grenade cannot pass %s, "
                                       .. "protected by %s",
                                       self.rules:name(way[stop]),
                                       guards_of(self, s, way[stop],
                                                 shots.guards, side))
  elseif r and (r.kind == "pattern" or r.kind == "own" or r.kind == "mode")
  then
    local occupant = s:at(target)
    rule, text = "T-G1", r.kind == "pattern"
      and string.format("the grenade flies from %s along one of the 8 "
                        .. "lines, and %s is not on one",
                        self.rules:name(p.to), name)
      or string.format("the grenade lands on an empty square, and %s holds "
                       .. "%s", name, why.unit(self, s, occupant, side))
  elseif r and r.kind == "terrain" and r.at == target then
    rule, text = "T-G1", string.format("the grenade lands on an empty "
                                       .. "square, and %s holds debris "
                                       .. "already",
                                       name)
  elseif r then
    local what = s:at(r.at) and why.unit(self, s, s:at(r.at), side)
                 or "debris"
    rule, text = "T-G1", string.format("the grenade cannot pass %s: it "
                                       .. "obeys T-M2, and %s is there",
                                       self.rules:name(r.at), what)
  elseif s:guarded(target, shots.guards) then
    rule, text = "T-T2", string.format("the grenade cannot land on %s, "
                                       .. "protected by %s", name,
                                       guards_of(self, s, target,
                                                 shots.guards, side))
  end
  s:undo(m)
  return rule, text
end

-- T-G4 the soldier's grenades from where it would land: any?
local function can_throw(self, s, p)
  local out = self:legal(s)
  for i = 1, out:size() do
    local kind, from, to = wg.fields(out:get(i))
    if self:is_throw(kind) and from == p.from and to == p.to then
      return true
    end
  end
  return false
end

function reasons:why(s, p, g)
  local side = s:decider()
  local kind = g and g.kind
  if kind == "over" then
    return "T-E1", string.format("the game is over: %s has no legal action "
                                 .. "and loses", why.side(self, side))
  end
  if kind == "empty" or kind == "foe" then return "T-S2", g.reason end
  -- T-M2 nothing passes over or lands on a piece, nor on debris
  if kind == "blocked" then return "T-M2", g.reason end
  if kind == "terrain" and g.at == p.to then
    return "T-M2", string.format("%s cannot move to %s: it holds debris, "
                                 .. "and no move lands on debris",
                                 why.piece(self, s, s:at(p.from), side),
                                 self.rules:name(p.to))
  end
  if kind == "terrain" then
    return "T-M2", string.format("%s cannot reach %s: the path is blocked "
                                 .. "at %s by debris",
                                 why.piece(self, s, s:at(p.from), side),
                                 self.rules:name(p.to),
                                 self.rules:name(g.at))
  end
  if kind == "own" or kind == "mode" then
    return "T-M2", string.format("%s cannot move to %s, which holds %s: no "
                                 .. "move lands on a piece",
                                 why.piece(self, s, s:at(p.from), side),
                                 self.rules:name(p.to),
                                 why.unit(self, s, s:at(p.to), side))
  end
  if g then return nil end
  local pid = s:at(p.from)
  local throws = self:prepared().shots.movers & (1 << s:type(pid)) ~= 0
  local who = why.piece(self, s, pid, side)
  if not throws then
    if p.target then                                    -- T-T1
      return "T-T1", string.format("%s moves without a grenade: write "
                                   .. "%s-%s", who, self.rules:name(p.from),
                                   self.rules:name(p.to))
    end
    return nil
  end
  if not can_throw(self, s, p) then                     -- T-G4
    return "T-G4", string.format("%s may not move to %s: no grenade could "
                                 .. "be thrown from there", who,
                                 self.rules:name(p.to))
  end
  if not p.target then                                  -- T-G1
    return "T-G1", string.format("%s moves and then throws a grenade: "
                                 .. "write %s-%s/ and the grenade's square",
                                 who, self.rules:name(p.from),
                                 self.rules:name(p.to))
  end
  return grenade(self, s, side, p, pid)
end

-- What a legal action does
function reasons:does(s, a)
  local kind, from, to, target = wg.fields(a)
  local who = why.piece(self, s, s:at(from), s:side()):gsub("^your ", "the ")
  local r = self.rules
  if self:is_throw(kind) then
    return string.format("%s moves to %s and throws a grenade onto %s, "
                         .. "which becomes debris", who, r:name(to),
                         r:name(target))
  end
  local text = string.format("%s moves to %s", who, r:name(to))
  if self:prepared().leave_debris & (1 << s:type(s:at(from))) ~= 0 then
    text = text .. ", leaving debris on " .. r:name(from)      -- T-T1
  end
  return text
end

return reasons
