-- Block Wars: why an action or a decision is not legal, citing the rule
-- that forbids it, and what a legal one does (game:explain asks these; see
-- wargrid.why). The generic reasons (wargrid.why) cover an infantry unit's
-- step (BW-A2) and the tank's move (BW-A6) by their declared `rule`, and a
-- decision pending, by its phase's (BW-C4, BW-C5, BW-O1); this words that
-- one with the phase's help and adds the placement first (BW-S3), the
-- actions left (BW-A1), units that have acted (BW-A4) or just entered
-- (BW-A8), attacks (BW-A3), fire (BW-A5, BW-A7), reinforcements (BW-A8),
-- the placement (BW-S1, BW-S2) and what makes a decision's choice illegal.
local wg = require "wargrid"

local why = wg.why
local CAN = 1                         -- the Canadians, the declaration's first

local M = {}

-- Reading the notation -------------------------------------------------------
local WORDS = {
  pass = { kind = "pass" }, cross = { kind = "cross", yes = true },
  nocross = { kind = "cross", yes = false },
  nodogfight = { kind = "dogfight", fighter = 0 },
}

function M:read_action(_, text)
  local t = why.normal(text)
  if WORDS[t] then
    local p = { text = text }
    for k, v in pairs(WORDS[t]) do p[k] = v end
    return p
  end
  local p, b, c = { text = text }, nil, nil
  local word, n = t:match("^(%a+)(%d+)$")
  if (word == "fly" or word == "dogfight") and n then
    local k, bad = wg.text.integer(n, 0, wg.text.INT_MAX)
    if not k then
      return nil, string.format("%s: the fighter's number: %s",
                                wg.text.quote(text), bad)
    end
    p.kind, p.fighter = word, k
    return p
  end
  local a
  word, a = t:match("^(%a+)(%l%d+)$")
  if word == "barrage" or word == "gas" or word == "strafe" then
    p.kind, p.gas = word == "strafe" and "strafe" or "barrage", word == "gas"
  else
    local letter
    letter, a = t:match("^(%l)@(%l%d+)$")
    if letter then
      p.kind, p.unit = "enter", self.letter_type[letter]
      if not p.unit then
        return nil, string.format("'%s' is no unit of Block Wars (i, m, t)",
                                  letter)
      end
    else
      a, b, c = t:match("^(%l%d+)(%l%d+)x(%l%d+)$")
      if a and a == b then
        return nil, string.format("an attack from where the unit stands is "
                                  .. "written %sx%s", a, c)
      elseif a then
        p.kind = "attack"
      else
        a, c = t:match("^(%l%d+)x(%l%d+)$")
        if a then
          p.kind = "attack"
        else
          a, b = t:match("^(%l%d+)(%l%d+)$")
          p.kind, p.mode = "move", "move"   -- to an empty square (BW-A2)
        end
      end
    end
  end
  if not a then
    return nil, string.format("'%s' is not a Block Wars action (e2e3, "
                              .. "e4xf5, e4e5xf6, i@a1, pass, barrage e4, "
                              .. "fly 1, dogfight 1, no dogfight, strafe "
                              .. "e4, cross, no cross)", text)
  end
  local err
  for k, name in pairs { from = a, to = b, target = c } do
    p[k], err = why.square_of(self, name)
    if not p[k] then return nil, err end
  end
  if p.kind ~= "move" and p.kind ~= "attack" then
    p.sq, p.from = p.from, nil
  end
  if p.kind == "attack" then p.via = p.to or p.from end
  return p
end

-- Words ----------------------------------------------------------------------
local function name(self, sq) return self.rules:name(sq) end

-- "infantry", "machine gun", "tank"
local function type_words(self, t)
  return t == self.T.machinegun and "machine gun" or self.type_names[t]
end

-- "the infantry on e3" (of the side deciding), "the German machine gun on
-- d6" (of the other)
local function unit(self, s, pid)
  local side = s:side_of(pid)
  return string.format("the %s%s on %s", side ~= s:decider()
                       and self:adjective(side) .. " " or "",
                       type_words(self, s:type(pid)),
                       name(self, s:square(pid)))
end

-- "your infantry", "the German infantry"
local function whose(self, s, pid)
  local side = s:side_of(pid)
  return (side == s:decider() and "your "
          or "the " .. self:adjective(side) .. " ")
         .. type_words(self, s:type(pid))
end

local function side_name(self, side) return "the " .. self:army(side) end

-- "both actions", "3 actions"
local function actions_words(n)
  return n == 2 and "both actions" or string.format("%d actions", n)
end

-- Decisions: which kind of action each phase takes ----------------------------
local TAKES = { place = "enter", barrage = "barrage", reinforce = "enter",
                air = "fly", dogfight = "dogfight", strafe = "strafe",
                cross = "cross" }
local MAIN = { move = true, attack = true, enter = true, pass = true }
-- a decision typed when none is asked for: the phase that would ask it,
-- what it decides, and what brings it
local ASKED = {
  barrage = { "barrage", "barrage", "a King drawn in a combat" },
  fly = { "air", "fighter to send", "a Jack drawn in a combat" },
  dogfight = { "dogfight", "dogfight", "the other side's fighter strafing" },
  strafe = { "strafe", "strafe", "a fighter that won its air battle" },
  cross = { "cross", "cross", "an infantry unit beaten in a combat, with "
                              .. "the option crosses" },
}

-- Main phase: moves, attacks, fire, reinforcements ---------------------------
local function already(self, s, pid)
  local now = s:turn() + 1
  if s:field(pid, self.status().done) == now then
    return "BW-A4", unit(self, s, pid) .. " has already moved or attacked "
                    .. "this turn"
  end
end

local function just_entered(self, s, pid, what)
  if s:field(pid, self.status().new) == s:turn() + 1 then
    return "BW-A8", string.format("%s entered this turn and cannot %s until "
                                  .. "the next", unit(self, s, pid), what)
  end
end

-- The large unit's anchor must name it (the tank by its lower left square)
local function named_by_anchor(self, s, pid, sq, rule)
  if s:square(pid) ~= sq then
    return rule, string.format("the tank is named by its lower left square: "
                               .. "%s, not %s", name(self, s:square(pid)),
                               name(self, sq))
  end
end

local function why_move(self, s, side, p, g)
  local pid = s:at(p.from)
  local t = s:type(pid)
  if t == self.T.machinegun then
    return "BW-A5", unit(self, s, pid) .. " never moves"
  end
  if t == self.T.tank then
    local r, text = named_by_anchor(self, s, pid, p.from, "BW-A6")
    if r then return r, text end
    local cost = self.def.tank_move_cost
    if s:left() < cost then
      return "BW-A1", string.format("moving the tank costs %s, and %s have "
                                    .. "%d left", actions_words(cost),
                                    side_name(self, side), s:left())
    end
    if g and g.kind == "blocked" then
      return "BW-A6", string.format("the tank cannot move to %s: the two "
                                    .. "squares it enters must be empty, and "
                                    .. "%s holds %s", name(self, p.to),
                                    name(self, g.at),
                                    whose(self, s, s:at(g.at)))
    end
    return nil
  end
  if t == self.T.infantry then
    if g and g.kind == "own" then
      return "BW-A2", string.format("%s moves to an empty square, and %s "
                                    .. "holds %s", unit(self, s, pid),
                                    name(self, p.to),
                                    whose(self, s, s:at(p.to)))
    end
    if g and g.kind == "mode" then
      return "BW-A2", string.format("%s moves to an empty square, and %s "
                                    .. "holds %s (an attack is written "
                                    .. "%sx%s)", unit(self, s, pid),
                                    name(self, p.to),
                                    whose(self, s, s:at(p.to)),
                                    name(self, p.from), name(self, p.to))
    end
    if g then return nil end
    return already(self, s, pid)
  end
end

-- BW-A3 an infantry attack from p.via (after a step from p.from, or none)
local function why_attack(self, s, side, p, pid)
  local r, text = already(self, s, pid)
  if r then return r, text end
  r, text = just_entered(self, s, pid, "attack")
  if r then return r, text end
  if p.via == p.from and not self.def.attack_in_place then
    return "BW-A3", "an attack moves first in this variant: write "
                    .. "e4e5xf6, the step and the target"
  end
  if p.via ~= p.from then
    local g = why.reach(self, s, pid, p.via, "move", side)
    if g then
      return "BW-A3", "the step before the attack: " .. g.reason
    end
  end
  local target = s:at(p.target)
  if not target or s:side_of(target) == side then
    return "BW-A3", string.format("there is no enemy unit on %s to attack",
                                  name(self, p.target))
  end
  r, text = named_by_anchor(self, s, target, p.target, "BW-A3")
  if r then return r, text end
  for _, sq in ipairs(s:covers(target)) do
    if self.rules:distance(p.via, sq) == 1 then return nil end
  end
  return "BW-A3", string.format("an infantry unit attacks a unit on one of "
                                .. "the 8 squares next to it, and %s is not "
                                .. "next to %s", name(self, p.target),
                                name(self, p.via))
end

-- BW-A5 (a machine gun), BW-A7 (the tank's gun): range, arc, line of fire
local function why_fire(self, s, side, p, pid)
  local t = s:type(pid)
  local rule = t == self.T.tank and "BW-A7" or "BW-A5"
  local gun = unit(self, s, pid)
  if t == self.T.tank then
    local r, text = named_by_anchor(self, s, pid, p.from, rule)
    if r then return r, text end
  end
  if p.via ~= p.from then
    return rule, string.format("%s fires from where it stands: write %sx%s",
                               gun, name(self, p.from), name(self, p.target))
  end
  local r, text = just_entered(self, s, pid, "fire")
  if r then return r, text end
  local target = s:at(p.target)
  if not target or s:side_of(target) == side then
    return rule, string.format("there is no enemy unit on %s to fire at",
                               name(self, p.target))
  end
  local fire = self.def.pieces[self.type_names[t]].fire
  for _, immune in ipairs(fire.immune or {}) do
    if self.T[immune] == s:type(target) then
      return rule, string.format("%s never fires at the %s", gun, immune)
    end
  end
  local R = self.rules
  local best
  for _, c in ipairs(s:covers(pid)) do
    for _, sq in ipairs(s:covers(target)) do
      local d = R:distance(c, sq)
      local _, blocker = s:line_clear(c, sq, fire.corner)
      local fy = side == CAN and 1 or -1
      local arc = fire.arc >= 180 or R:in_arc(c, sq, 0, fy, fire.arc)
      local score = d > fire.range and 0 or (not arc and 1 or 2)
      if score == 2 and not blocker then return nil end
      if not best or score > best.score
         or (score == best.score and d < best.d) then
        best = { score = score, d = d, from = c, blocker = blocker }
      end
    end
  end
  if best.score == 0 then
    return rule, string.format("%s is %d squares from %s; the range is %d",
                               name(self, p.target), best.d, gun, fire.range)
  elseif best.score == 1 then
    return rule, string.format("%s is outside the arc of %s: %d degrees "
                               .. "either side of straight ahead, toward "
                               .. "rank %d", name(self, p.target), gun,
                               fire.arc, side == CAN and self.ranks or 1)
  end
  local there = s:at(best.blocker)
  return rule, string.format("the line of fire from %s to %s is blocked at "
                             .. "%s%s", name(self, best.from),
                             name(self, p.target), name(self, best.blocker),
                             there and " by " .. whose(self, s, there) or "")
end

-- Where a unit of type t may enter for the side (BW-A8): its back rank, or
-- for the tank its four squares on the tank ranks; the reason sq is not
-- one, or nil.
local function entry_square(self, s, side, t, sq)
  local g = self:prepared()
  if t == self.T.tank then
    local _, r = self.rules:coords(sq)
    if r ~= g.tank_rank[side] then
      return "BW-A8", string.format("the tank enters on four empty squares "
                                    .. "of ranks %d and %d, named by its "
                                    .. "lower left square on rank %d",
                                    g.tank_rank[side], g.tank_rank[side] + 1,
                                    g.tank_rank[side])
    end
    if not s:fits(t, sq) then
      local busy = {}
      for _, d in ipairs(self.def.pieces.tank.shape) do
        local c = self.rules:step(sq, d[1], d[2])
        if not c then
          return "BW-A8", string.format("the tank on %s would stand off the "
                                        .. "board", name(self, sq))
        end
        if s:at(c) then busy[#busy + 1] = name(self, c) end
      end
      return "BW-A8", string.format("the tank enters on four empty squares, "
                                    .. "and %s %s taken", why.list(busy),
                                    #busy == 1 and "is" or "are")
    end
    return nil
  end
  local _, r = self.rules:coords(sq)
  if r ~= g.back[side] then
    return "BW-A8", string.format("a reinforcement enters on the %s' back "
                                  .. "rank, rank %d", self:army(side),
                                  g.back[side])
  end
  if s:at(sq) then
    return "BW-A8", string.format("a reinforcement enters on an empty "
                                  .. "square, and %s holds %s",
                                  name(self, sq), whose(self, s, s:at(sq)))
  end
end

-- BW-A8 a reinforcement in the side's own turn: both actions
local function why_enter(self, s, side, p)
  local t = p.unit
  if t ~= self.T.infantry and t ~= self.T.tank then
    return "BW-A8", string.format("only infantry and the tank come in as "
                                  .. "reinforcements, not a %s",
                                  type_words(self, t))
  end
  local cost = self.def.reinforcement_cost
  if s:left() < cost then
    return "BW-A1", string.format("a reinforcement costs %s, and %s have %d "
                                  .. "left", actions_words(cost),
                                  side_name(self, side), s:left())
  end
  if self.offboard(s, side, t, self.status().reserve) == 0 then
    return "BW-A8", string.format("%s have no %s in reserve",
                                  side_name(self, side), type_words(self, t))
  end
  return entry_square(self, s, side, t, p.sq)
end

-- "infantry", "the tank", "a machine gun"
local function a_unit(self, t)
  if t == self.T.tank then return "the tank" end
  if t == self.T.infantry then return "infantry" end
  return "a " .. type_words(self, t)
end

-- BW-C4 the Ace's reinforcement: what may enter (the reserve first, else a
-- casualty), and where
local function why_ace(self, s, side, p)
  local out = wg.actions()
  self:ace_entries(s, side, out)
  local types, named = {}, {}
  for i = 1, out:size() do
    local _, _, _, _, from, e = wg.fields(out:get(i))
    if not types[e] then
      types[e] = from
      named[#named + 1] = a_unit(self, e)
    end
  end
  if not types[p.unit] then
    return "BW-C4", string.format("the Ace brings in %s, not %s",
                                  table.concat(named, " or "),
                                  a_unit(self, p.unit))
  end
  return entry_square(self, s, side, p.unit, p.sq)
end

-- BW-S3 (with BW-S1, BW-S2) the placement: the side's units on its setup
-- ranks, as many of each as each rank takes
local function why_place(self, s, side, p)
  local army = self.def.armies[self.sides[side]]
  local rule = side == CAN and "BW-S2" or "BW-S1"
  local t = p.unit
  if t ~= self.T.infantry and t ~= self.T.machinegun then
    return "BW-S3", string.format("the placement places infantry and "
                                  .. "machine guns, not a %s",
                                  type_words(self, t))
  end
  local _, r = self.rules:coords(p.sq)
  local k
  for i, rank in ipairs(army.ranks) do
    if rank == r and army.setup[i] then k = i end
  end
  if not k then
    local ranks = {}
    for i in ipairs(army.setup) do ranks[i] = tostring(army.ranks[i]) end
    return rule, string.format("%s place their units on ranks %s",
                               side_name(self, side), why.list(ranks))
  end
  if self:quota_left(s, side, k, t) <= 0 then
    local want = army.setup[k][self.type_names[t]] or 0
    local what = self:adjective(side) .. " " .. type_words(self, t)
    if want == 0 then
      return rule, string.format("rank %d takes no %s", r, what)
    end
    return rule, string.format("rank %d takes %d %s%s, all placed", r, want,
                               what, want > 1 and t ~= self.T.infantry
                                     and "s" or "")
  end
  if s:at(p.sq) then
    return "BW-S3", string.format("%s is taken by %s", name(self, p.sq),
                                  whose(self, s, s:at(p.sq)))
  end
end

-- The decisions of a card (BW-C4, BW-G2, BW-O1)
local function fighter_reason(self, s, side, k)
  local list = self:fighters(s, side)
  if not list[k] then
    return "BW-C4", string.format("%s have %d fighters; there is no fighter "
                                  .. "%d", side_name(self, side), #list, k)
  end
  for _, ready in ipairs(self:ready_fighters(s, side)) do
    if ready == k then return nil end
  end
  return "BW-C4", string.format("%s fighter %d is destroyed",
                                self:adjective(side), k)
end

local function why_decision(self, s, side, p)
  if p.kind == "barrage" then
    if p.gas then
      local gas = self.def.gas
      if not gas or gas.side ~= side then
        return "BW-G2", "poison gas is the Germans' alone"
      end
      return "BW-G2", "poison gas is declared once a game, and the Germans "
                      .. "have used it"
    end
    return nil
  elseif p.kind == "fly" or p.kind == "dogfight" then
    if p.fighter == 0 then return nil end
    return fighter_reason(self, s, side, p.fighter)
  elseif p.kind == "strafe" then
    local pid = s:at(p.sq)
    if not pid or s:side_of(pid) == side then
      return "BW-C4", string.format("the strafe attacks an enemy unit, and "
                                    .. "there is none on %s", name(self, p.sq))
    end
    if s:type(pid) == self.T.tank then
      return "BW-C4", "the strafe attacks any enemy unit except the tank"
    end
  end
end

-- The rule of the end of the game (BW-W1, BW-W2), by the result's reason
local OVER = { "BW-W1", "BW-W2", "BW-W2", "BW-W2" }

function M:why(s, p, g)
  local side = s:decider()
  if g and g.kind == "over" then
    local _, code = s:result()
    return OVER[code] or "BW-W2", g.reason
  end
  local ph = self:phase_now(s)
  local phase = ph.name
  if TAKES[phase] ~= p.kind and phase ~= "main" then
    if phase == "place" then                    -- BW-S3 the placement first
      return ph.rule, string.format("%s place their units first, one per "
                                    .. "action (i@c8, m@c6)",
                                    side_name(self, side))
    end
    -- BW-C5 another decision first: the phase's, in its words
    return ph.rule, string.format("%s must first %s", side_name(self, side),
                                  ph.help)
  end
  if phase == "main" and not MAIN[p.kind] then
    local a = ASKED[p.kind]
    local asks = self.phases[self.P[a[1]] or 0]
    return asks and asks.rule, string.format("there is no %s to decide now: "
                                             .. "that follows %s", a[2], a[3])
  end
  if phase == "place" then return why_place(self, s, side, p) end
  if phase == "reinforce" then return why_ace(self, s, side, p) end
  if ph.decision then return why_decision(self, s, side, p) end
  -- the main phase: the turn's actions (BW-A1)
  if g and g.kind == "empty" then return "BW-A1", g.reason end
  if g and g.kind == "foe" then
    local pid = s:at(p.from)
    return "BW-A1", string.format("the %s on %s is %s, and %s act now",
                                  type_words(self, s:type(pid)),
                                  name(self, p.from),
                                  self:adjective(s:side_of(pid)),
                                  side_name(self, side))
  end
  if p.kind == "enter" then return why_enter(self, s, side, p) end
  if p.kind == "move" then return why_move(self, s, side, p, g) end
  if p.kind == "attack" then
    local pid = s:at(p.from)
    if s:type(pid) == self.T.infantry then
      return why_attack(self, s, side, p, pid)
    end
    return why_fire(self, s, side, p, pid)
  end
end

-- What a legal action does ---------------------------------------------------
function M:does(s, a)
  local K = self.kinds()
  local kind, x, y, z, from, e = wg.fields(a)
  local side = s:decider()
  if kind == K.move then
    return why.does(self, s, a)
  elseif kind == K.attack then
    return string.format("%s %sattacks %s: each side turns a card (BW-C1)",
                         unit(self, s, s:at(x)), z ~= x and "moves to "
                         .. name(self, z) .. " and " or "",
                         unit(self, s, s:at(y)))
  elseif kind == K.fire then
    return string.format("%s fires at %s: each side turns a card (BW-C1)",
                         unit(self, s, s:at(x)), unit(self, s, s:at(y)))
  elseif kind == K.enter then
    local how = s:phase() == self.P.place and "is placed"
                or (from == self.status().lost and "comes back" or "enters")
    return string.format("a %s %s %s on %s", self:adjective(side),
                         type_words(self, e), how, name(self, x))
  elseif kind == K.pass then
    return side_name(self, side) .. " end their turn"
  elseif kind == K.barrage then
    local hits = z == 1 and self.def.gas.hits or self.def.barrage
    return string.format("%s falls on %s: a card for each unit on it or "
                         .. "next to it, which %d-%d hit", z == 1
                         and "poison gas" or "the barrage", name(self, x),
                         hits[1], hits[2])
  elseif kind == K.fly then
    return string.format("%s fighter %d flies to strafe",
                         self:adjective(side), x)
  elseif kind == K.dogfight then
    return x == 0 and side_name(self, side) .. " let it pass"
           or string.format("%s fighter %d meets it in a dogfight",
                            self:adjective(side), x)
  elseif kind == K.strafe then
    return "the fighter strafes " .. unit(self, s, s:at(x))
  elseif kind == K.cross then
    return x == 1 and string.format("%s award the %s: the defeat becomes a "
                                    .. "victory", side_name(self, side),
                                    self:cross_name(side))
           or side_name(self, side) .. " keep their cross"
  end
  return self:action_text(s, a)
end

return M
