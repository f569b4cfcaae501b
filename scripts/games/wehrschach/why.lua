-- Wehrschach: why an action is illegal, and what a legal one does. The
-- game's own reasons, which game:explain asks after the generic ones (g):
-- those cover a move's pattern (W-M1, and the rules its layers cite: W-M2
-- road, W-M3 zone, W-M5 sea, W-M6 river), and these add the end of the
-- game by its phase (W-J5, W-J6, W-J8), blocking pieces (W-M4), the tank's
-- L-paths (W-M7), threats (W-C1..W-C5), support (W-K1..W-K3), enclosure
-- (W-E1) and combined fire (W-F1); a move of no piece of one's own is
-- W-T1's. The notation is read back by game:read_action (text.lua).
local wg = require "wargrid"
local why = wg.why

local reasons = {}

-- W-C1..W-C5 the rule of a piece's threat, and what it threatens
local THREAT = {
  infantry = { "W-C1", "the squares orthogonally next to it" },
  headquarter = { "W-C2", "exactly 2 away on a file or rank, inside its "
                          .. "zone, over an empty square" },
  tank = { "W-C3", "exactly 3 away on a file or rank, or a knight's move "
                   .. "away by an open L-path" },
  artillery = { "W-C4", "exactly 4 away on a file or rank" },
  fighter = { "W-C5", "exactly 5 away on a file or rank" },
  bomber = { "W-C5", "exactly 5 away on a file or rank" },
}

local threats = wg.actions()  -- scratch list for the threat map

-- The side's pieces that threaten sq (W-C1..W-C6): ids and squares
local function threateners(s, side, sq)
  threats:clear()
  local ids, squares = {}, {}
  for i = 1, s:threats(threats, side, 1, sq) do
    local _, from, _, _, pid = wg.fields(threats:get(i))
    ids[#ids + 1], squares[#squares + 1] = pid, from
  end
  return ids, squares
end

-- Those of them that stay to capture (W-K3: artillery)
local function guns_among(self, s, ids)
  local stays, guns = self:prepared().stays, {}
  for _, pid in ipairs(ids) do
    if stays[s:type(pid)] then guns[#guns + 1] = pid end
  end
  return guns
end

local function is_knight_offset(self, a, b)
  local f1, r1 = self.rules:coords(a)
  local f2, r2 = self.rules:coords(b)
  local dx, dy = math.abs(f2 - f1), math.abs(r2 - r1)
  return dx * dy == 2
end

-- The enemy piece on sq to be captured or removed, or the reason there is
-- none.
local function victim(self, s, side, sq, rule)
  local pid = s:at(sq)
  if not pid then
    return nil, rule, string.format("there is no piece on %s to remove",
                                    self.rules:name(sq))
  end
  if s:side_of(pid) == side then
    return nil, rule, string.format("%s holds %s, not an enemy piece",
                                    self.rules:name(sq),
                                    why.unit(self, s, pid, side))
  end
  return pid
end

-- "e4", "e4 and b6": the squares of a list of pieces
local function squares_of(self, s, ids)
  local out = {}
  for i, pid in ipairs(ids) do out[i] = self.rules:name(s:square(pid)) end
  return why.list(out)
end

-- W-K1 "a second piece", "3 pieces"
local function needed(n)
  return n == 2 and "a second piece" or n .. " pieces"
end

-- W-K1 too few of the side's pieces threaten sq, or nil
local function unsupported(self, s, sq, ids)
  local need = self.def.support
  if #ids < need then
    return "W-K1", string.format("a capture of %s needs %s threatening it; "
                                 .. "only %s %s", self.rules:name(sq),
                                 needed(need), squares_of(self, s, ids),
                                 #ids == 1 and "does" or "do")
  end
end

-- A move: blocking pieces are W-M4's, a tank's knight move W-M7's; a
-- move onto a piece is no move (W-M1: to an empty square).
local function why_move(self, s, side, p, g)
  local pid = s:at(p.from)
  local target = s:at(p.to)
  if target and s:side_of(target) ~= side then
    return "W-M1", string.format("%s holds %s: a move goes to an empty "
                                 .. "square (a capture is written %sx%s)",
                                 self.rules:name(p.to),
                                 why.unit(self, s, target, side),
                                 self.rules:name(p.from),
                                 self.rules:name(p.to))
  end
  if not g then return nil end
  local zone = self:prepared().zone[side]
  if g.kind == "outside" and g.layers & (1 << zone) ~= 0 then
    return "W-M3", string.format("%s never leaves its zone, and %s is "
                                 .. "outside it", why.piece(self, s, pid,
                                                            side),
                                 self.rules:name(g.at))
  end
  if s:type(pid) == self.T.tank and is_knight_offset(self, p.from, p.to)
     and g.kind ~= "own" then
    return "W-M7", g.reason
  end
  if g.kind == "blocked" then
    if self:prepared().planes[s:type(pid)] then
      return "W-M4", g.reason .. " (planes pass over every piece but "
                     .. "enemy planes and artillery)"
    end
    return "W-M4", g.reason
  end
end

-- W-K1..W-K3 "e4xf6": the piece on e4 threatens f6, and so does another
local function why_take(self, s, side, p)
  local pid = s:at(p.from)
  local x, rule, text = victim(self, s, side, p.to, "W-K2")
  if not x then return rule, text end
  local name = self.type_names[s:type(pid)]
  if self:prepared().stays[s:type(pid)] then
    return "W-K3", string.format("%s never moves to capture: %s of your "
                                 .. "artillery threatening %s remove it "
                                 .. "with barrage %s", why.piece(self, s,
                                                                 pid, side),
                                 wg.help.number(self.def.barrage),
                                 self.rules:name(p.to),
                                 self.rules:name(p.to))
  end
  local r = why.reach(self, s, pid, p.to, "capture", side)
  local fire = wg.act(self:kinds().fire, p.from, p.to)
  if r and self:legal(s):contains(fire) then             -- W-F1
    return "W-F1", string.format("%s takes %s alone by combined fire, "
                                 .. "written fire %sx%s",
                                 why.piece(self, s, pid, side),
                                 self.rules:name(p.to),
                                 self.rules:name(p.from),
                                 self.rules:name(p.to))
  end
  if r then
    local threat = THREAT[name] or { r.rule }
    local text2 = r.reason:gsub("does not capture on", "does not threaten")
                          :gsub("cannot reach", "does not threaten")
    if r.kind == "pattern" and threat[2] then
      text2 = text2 .. " (it threatens " .. threat[2] .. ")"
    elseif r.kind == "outside" then
      text2 = string.format("%s threatens only inside its zone, and %s is "
                            .. "outside it", why.piece(self, s, pid, side),
                            self.rules:name(p.to))
    end
    return threat[1], text2
  end
  return unsupported(self, s, p.to, threateners(s, side, p.to))
end

-- W-K3 "barrage f6": enough of the side's artillery threaten f6 (and, by
-- W-K1, enough of its pieces)
local function why_barrage(self, s, side, p)
  local x, rule, text = victim(self, s, side, p.to, "W-K3")
  if not x then return rule, text end
  local ids = threateners(s, side, p.to)
  local guns = guns_among(self, s, ids)
  local need = self.def.barrage
  if #guns < need then
    local which = #guns == 0 and "none does"
                  or string.format("only %s %s", squares_of(self, s, guns),
                                   #guns == 1 and "does" or "do")
    return "W-K3", string.format("a barrage on %s needs %d of your "
                                 .. "artillery threatening it (exactly 4 "
                                 .. "away on a file or rank, W-C4); %s",
                                 self.rules:name(p.to), need, which)
  end
  return unsupported(self, s, p.to, ids)
end

-- W-E1 "enclose d4": two of the side's pieces next to d4 on opposite
-- sides of one line
local function why_enclose(self, s, side, p)
  local x, rule, text = victim(self, s, side, p.to, "W-E1")
  if not x then return rule, text end
  return "W-E1", string.format("%s is not enclosed: no line through %s has "
                               .. "your pieces next to it on both sides",
                               why.piece(self, s, x, side),
                               self.rules:name(p.to))
end

-- W-F1 "fire c6xd6": a plane next to d6, your artillery 4 beyond d6
local function why_fire(self, s, side, p)
  local pid = s:at(p.from)
  if not self:prepared().planes[s:type(pid)] then
    return "W-F1", string.format("combined fire is a plane's, and %s is "
                                 .. "none", why.piece(self, s, pid, side))
  end
  local x, rule, text = victim(self, s, side, p.to, "W-F1")
  if not x then return rule, text end
  local f1, r1 = self.rules:coords(p.from)
  local f2, r2 = self.rules:coords(p.to)
  local dx, dy = f2 - f1, r2 - r1
  if math.abs(dx) + math.abs(dy) ~= 1 then
    return "W-F1", string.format("%s fires only at an enemy orthogonally "
                                 .. "next to it, and %s is not",
                                 why.piece(self, s, pid, side),
                                 self.rules:name(p.to))
  end
  local gun = self.rules:step(p.to, 4 * dx, 4 * dy)
  if not gun then
    return "W-F1", string.format("combined fire on %s needs your artillery "
                                 .. "4 beyond it on the line from %s, which "
                                 .. "runs off the board",
                                 self.rules:name(p.to),
                                 self.rules:name(p.from))
  end
  local there = s:at(gun)
  return "W-F1", string.format("combined fire on %s needs your artillery on "
                               .. "%s, 4 beyond it; %s", self.rules:name(p.to),
                               self.rules:name(gun), there
                               and self.rules:name(gun) .. " holds "
                                   .. why.unit(self, s, there, side)
                               or self.rules:name(gun) .. " is empty")
end

local WHY = { take = why_take, barrage = why_barrage, enclose = why_enclose,
              fire = why_fire }

function reasons:why(s, p, g)
  local side = s:decider()
  local kind = g and g.kind
  if kind == "over" then
    -- play ends by a repetition (W-J8) or with no action (W-J5); the reply
    -- and what follows it end by the phase's rule (W-J6)
    local phase = self:phase_now(s)
    if phase.name ~= "play" then return phase.rule, g.reason end
    return s:repetitions() >= 2 and "W-J8" or "W-J5", g.reason
  end
  if kind == "empty" or kind == "foe" then return "W-T1", g.reason end
  if p.kind == "move" then return why_move(self, s, side, p, g) end
  return WHY[p.kind](self, s, side, p)
end

-- What a legal action does, in words
function reasons:does(s, a)
  local kind, from, to = wg.fields(a)
  local K = self:kinds()
  local side = s:side()
  local text
  if kind == K.move then
    text = why.does(self, s, a)
  elseif kind == K.take then
    local others = {}
    for _, pid in ipairs(threateners(s, side, to)) do
      if s:square(pid) ~= from then others[#others + 1] = pid end
    end
    local also = {}
    for i, pid in ipairs(others) do also[i] = why.piece(self, s, pid, side) end
    text = string.format("the %s on %s takes %s, which %s also %s",
                         why.type_name(self, s:type(s:at(from))),
                         self.rules:name(from),
                         why.piece(self, s, s:at(to), side),
                         why.list(also):gsub("your ", "the "),
                         #others == 1 and "threatens" or "threaten")
  elseif kind == K.barrage then
    local guns = guns_among(self, s, threateners(s, side, to))
    text = string.format("your artillery on %s remove %s; nothing moves",
                         squares_of(self, s, guns),
                         why.piece(self, s, s:at(to), side))
  elseif kind == K.enclose then
    text = string.format("removes %s, enclosed by your pieces",
                         why.piece(self, s, s:at(to), side))
  else
    text = string.format("the %s on %s takes %s by combined fire",
                         why.type_name(self, s:type(s:at(from))),
                         self.rules:name(from),
                         why.piece(self, s, s:at(to), side))
  end
  -- the judgement the action would reach (W-J1..W-J4)
  local m = s:mark()
  self:play(s, a)
  if s:var(self.V.judge) == side and s:var(self.V.grounds) ~= 0 then
    text = text .. "; it reaches a judgement: "
           .. self:grounds_text(s:var(self.V.grounds))
  end
  s:undo(m)
  return text
end

return reasons
