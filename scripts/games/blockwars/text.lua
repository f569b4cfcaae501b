-- Block Wars' text: the notation its help shows and players type, the
-- names the game tells (sides, crosses, cards, units), how an action is
-- written, the `place` macros, and the position text (see init.lua for the
-- rules).
local wg = require "wargrid"

local CAN, GER = 1, 2                 -- the sides, in the declaration's order

local M = {}

-- Notation -------------------------------------------------------------------
-- The help's notation: the actions, then the decisions of the phases the
-- game declares, each with its lines here.
local ACTIONS = [[
Block Wars actions (case, spaces and dashes do not matter):
  e2e3        an infantry unit moves one square
  e4xf5       it attacks f5 from where it stands; e4e5xf6 moves to e5 first
  d6xd4       a machine gun fires at d4
  c1c2        the tank, named by its lower left square, moves (both actions)
  c1xe3       the tank's gun fires; a tank as target is named the same way
  i@a1        a reinforcement enters your back rank (both actions); t@e1:
              the tank enters on e1-f2
  pass        end the turn with actions left
Decisions, each taken by the player concerned:]]
local DECISIONS = {
  { "place", [[
  i@c8, m@c6                 place a unit (the placement phase); in play,
  place standard, place random  place all your remaining units, on the
                             standard setup's squares or at random]] },
  { "barrage", "  barrage e4, gas e4         where a King's barrage falls "
                .. "(gas: Germans, once)" },
  { "reinforce", [[
  i@a8, t@e1, m@a8           what an Ace brings in, and where: infantry of
                             the reserve, or the tank (t@e1: on e1-f2); with
                             nothing in reserve that can enter, a casualty,
                             infantry or machine gun]] },
  { "air", "  fly 1, fly 2               which fighter a Jack sends to "
            .. "strafe" },
  { "dogfight", "  dogfight 1, no dogfight    answer it with one of your "
                 .. "fighters, or not" },
  { "strafe", "  strafe e4                  what the strafing fighter "
               .. "attacks" },
  { "cross", "  cross, no cross            save your beaten infantry (option "
              .. "crosses)" },
}
local LETTERS = [[
Canadians in upper case, Germans in lower case: I infantry, M machine gun,
T tank (on its four squares); fighters stay off the board. The Germans %s.]]

function M:notation()
  local parts = { ACTIONS }
  for _, d in ipairs(DECISIONS) do
    if self.P[d[1]] then parts[#parts + 1] = d[2] end
  end
  parts[#parts + 1] = LETTERS:format(self.P.place
                                     and "place\nfirst and act first"
                                     or "act\nfirst")
  return table.concat(parts, "\n")
end

-- Names ----------------------------------------------------------------------
local ARMY = { "Canadians", "Germans" }
local ADJECTIVE = { "Canadian", "German" }
local CROSS_NAME = { "Victoria Cross", "Iron Cross" }           -- BW-O1
local CARD_NAME = { [10] = "10", [11] = "Jack", [12] = "Queen", [13] = "King",
                    [14] = "Ace" }
for v = 2, 9 do CARD_NAME[v] = tostring(v) end

-- game:army(side) -> "Canadians"; game:adjective(side) -> "Canadian"
function M.army(_, side) return ARMY[side] end
function M.adjective(_, side) return ADJECTIVE[side] end
-- game:cross_name(side) -> "Victoria Cross", the side's cross (BW-O1)
function M.cross_name(_, side) return CROSS_NAME[side] end
-- game:card_name(v) -> "Jack" for 11
function M.card_name(_, v) return CARD_NAME[v] end

-- game:unit_name(s, pid) -> "the German infantry on f6", "Canadian fighter
-- 1", as the log tells them
function M:unit_name(s, pid)
  local t, side, sq = s:piece(pid)
  if t == self.T.fighter then
    return string.format("%s fighter %d", ADJECTIVE[side],
                         self:fighter_index(s, pid))
  end
  local kind = t == self.T.machinegun and "machine gun" or self.type_names[t]
  return string.format("the %s %s on %s", ADJECTIVE[side], kind,
                       self.rules:name(sq))
end

-- game:card_text(card, bonus) -> "Jack", "9 (+1)": a card turned, with what
-- an ace or a damaged fighter adds (BW-O2)
function M.card_text(_, card, bonus)
  if bonus == 0 then return CARD_NAME[card] end
  return string.format("%s (%s%d)", CARD_NAME[card], bonus > 0 and "+" or "",
                       bonus)
end

-- Actions as text ------------------------------------------------------------
-- How play's `moves` groups the actions: a unit's under its square (the
-- tank's lower left), then the reinforcements and pass; a decision, and a
-- placement, under its phase's name.
function M:action_group(s, a)
  local K = self.kinds()
  local kind, x = wg.fields(a)
  if s:phase() ~= self.P.main then return self.phases[s:phase()].name end
  if kind == K.move or kind == K.attack or kind == K.fire then
    return s:square(s:at(x))
  end
  return kind == K.enter and "reinforcements" or "pass"
end

function M:action_text(_, a)
  local K = self.kinds()
  local kind, x, y, z, _, e = wg.fields(a)
  local name = function(sq) return self.rules:name(sq) end
  if kind == K.move then return name(x) .. name(y) end
  if kind == K.attack then
    return name(x) .. (z ~= x and name(z) or "") .. "x" .. name(y)
  end
  if kind == K.fire then return name(x) .. "x" .. name(y) end
  if kind == K.enter then return self.type_letter[e] .. "@" .. name(x) end
  if kind == K.pass then return "pass" end
  if kind == K.barrage then
    return (z == 1 and "gas " or "barrage ") .. name(x)
  end
  if kind == K.fly then return "fly " .. x end
  if kind == K.dogfight then
    return x == 0 and "no dogfight" or "dogfight " .. x
  end
  if kind == K.strafe then return "strafe " .. name(x) end
  if kind == K.cross then return x == 1 and "cross" or "no cross" end
  return "?"
end

-- Placing the whole army at once ------------------------------------------
-- BW-S3 `place standard` and `place random` in play place all the player's
-- remaining units: on the standard setup's squares, or each on a random
-- legal square. They are macros of placement actions, not actions: play
-- records each unit's placement, so a record and its replay hold only the
-- rulebook's actions (one unit each) and are exact whatever chose them;
-- perft and the AI see the rules alone; and the random choices come from a
-- copy of the state with its generator seeded by play, never from the
-- state's own, whose draws decide the reshuffles (BW-C6, BW-H2).
local MACROS = { "place standard", "place random" }

function M:macros(s)
  return s:phase() == self.P.place and MACROS or {}
end

-- Is placement a (unit type e on square x) the standard setup's?
local function standard_square(self, side, a)
  local _, x, _, _, _, e = wg.fields(a)
  local standard = self:prepared().standard
  local pid = standard and standard:at(x)
  return pid and standard:type(pid) == e and standard:side_of(pid) == side
end

function M:macro(s, text, seed)
  local which = text:lower():match("^%s*place%s+(%a+)%s*$")
  if which ~= "standard" and which ~= "random" then return nil end
  if s:phase() ~= self.P.place then
    return false, "place " .. which .. " places your units in the placement "
                  .. "phase (BW-S3), which is over"
  end
  local c, side, list = s:copy(), s:side(), {}
  c:seed(seed or 0)
  while c:phase() == self.P.place and c:side() == side do
    local out, a = self:legal(c), nil
    if which == "random" then
      a = out:get(c:random(out:size()))
    else
      for i = 1, out:size() do
        if not a and standard_square(self, side, out:get(i)) then
          a = out:get(i)
        end
      end
      if not a then
        return false, "place standard: the standard setup's squares of your "
                      .. "remaining units are taken (BW-S3); place them one "
                      .. "by one"
      end
    end
    list[#list + 1] = a
    self:play(c, a)
  end
  return list
end

-- Position text --------------------------------------------------------------
-- Position text: the board (FEN-like, the last rank first), the side to
-- act and its actions left (g2 = Germans, two actions), then key=value
-- fields, all optional when read, always written in this order:
--   turn=N                 the turn being played (1 = the first; after the
--                          last, the turn limit plus 1: a draw)
--   reserve=I6T/i6         units held back (Canadians/Germans; letter
--                          and count)
--   lost=I2M/i3            casualties
--   air=od/ox              each fighter: o ready, d damaged, x destroyed;
--                          with the option aces the first is the ace
--   tank=1                 damage of the tank on the board
--   used=gas,vc,ic         poison gas, Victoria Cross, Iron Cross used
--   done=e4,f5             units that moved or attacked this turn
--   new=a1                 units that entered this turn (cannot attack)
--   phase=main             or place, barrage:g, reinforce:c, air:c,
--                          dogfight:g:fighter1 (Germans answer Canadian
--                          fighter 1), strafe:c:fighter1, cross:g:e5xf6
--                          (Germans decide for their beaten infantry;
--                          attacker x defender). A fighter is fighterN,
--                          never fN, which would be a square.
--   next=Kg,Ac             special cards still to resolve, in order (8 at most)
--   decks=K92.../Q4.../7A  the Canadians', Germans' and turned cards, top
--                          first (2-9, T, J, Q, K, A; - for none; ?26 for 26
--                          unknown cards, dealt from the rest of the pack),
--                          and while a combat is resolved a fourth part:
--                          its cards lying face up (BW-C6, never gathered
--                          before it is resolved); left out: a fresh pack
--                          shuffled by the seed. Fewer than 52 (a stacked
--                          deck for a test) are all the cards there are; a
--                          combat needs 2.
--   rng=HEX                the random generator (left out: the seed)
-- A text the game could not go on from (c0 in the main phase, a decision
-- nobody can take) is refused with the field it comes from.
local SIDE_LETTER = { "c", "g" }
local CROSS_KEY = { "vc", "ic" }

-- The decks in the order the text gives them.
local function decks(self)
  return { self.D.canadians, self.D.germans, self.D.turned, self.D.showing }
end

-- Writing position text ------------------------------------------------------
local function letter(self, t, side)
  local l = self.type_letter[t]
  return side == CAN and l:upper() or l
end

-- "I6T": each kind of unit with its count (1 left out), or "-"
local function count_text(self, side, count)
  local text = ""
  for _, t in ipairs { self.T.infantry, self.T.machinegun, self.T.tank } do
    local n = count(t)
    if n > 0 then
      text = text .. letter(self, t, side) .. (n > 1 and n or "")
    end
  end
  return text == "" and "-" or text
end

local function units_text(self, s, where)
  local out = {}
  for side = 1, 2 do
    out[side] = count_text(self, side, function(t)
      return (self.offboard(s, side, t, where))
    end)
  end
  return out[1] .. "/" .. out[2]
end

local function air_text(self, s)
  local out = {}
  for side = 1, 2 do
    local t = ""
    for _, pid in ipairs(self:fighters(s, side)) do
      local off, damage = s:fields(pid)
      t = t .. (off == self.status().lost and "x"
                or (damage > 0 and "d" or "o"))
    end
    out[side] = t == "" and "-" or t
  end
  return out[1] .. "/" .. out[2]
end

local function used_text(self, s)
  local used = {}
  if s:var(self.V.gas_used) ~= 0 then used[#used + 1] = "gas" end
  for side = 1, 2 do
    if s:var(self.V.crosses_used) & (1 << (side - 1)) ~= 0 then
      used[#used + 1] = CROSS_KEY[side]
    end
  end
  return #used > 0 and table.concat(used, ",") or "-"
end

-- The squares of the side to act's units whose field k holds this turn.
local function marks_text(self, s, k)
  local now, sqs = s:turn() + 1, {}
  for sq = 1, self.files * self.ranks do
    local pid = s:at(sq)
    if pid and s:square(pid) == sq and s:side_of(pid) == s:side()
       and s:field(pid, k) == now then
      sqs[#sqs + 1] = self.rules:name(sq)
    end
  end
  return #sqs > 0 and table.concat(sqs, ",") or "-"
end

local function fighter_ref(self, s, pid)
  return "fighter" .. self:fighter_index(s, pid)
end

local function unit_ref(self, s, pid)
  if s:type(pid) == self.T.fighter then return fighter_ref(self, s, pid) end
  return self.rules:name(s:square(pid))
end

local function phase_text(self, s)
  local P, V, phase = self.P, self.V, s:phase()
  local text = self.phases[phase].name
  if phase == P.main or phase == P.place then return text end
  text = text .. ":" .. SIDE_LETTER[s:decider()]
  if phase == P.dogfight or phase == P.strafe then
    return text .. ":" .. fighter_ref(self, s, s:var(V.plane))
  elseif phase == P.cross then
    return string.format("%s:%sx%s", text,
                         unit_ref(self, s, s:var(V.attacker)),
                         unit_ref(self, s, s:var(V.defender)))
  end
  return text
end

local function next_text(self, s)
  local out = {}
  for _, k in ipairs(self:specials(s)) do
    out[#out + 1] = self.card_char(self:special_card(k[1]))
                    .. SIDE_LETTER[k[2]]
  end
  return #out > 0 and table.concat(out, ",") or "-"
end

-- A deck's cards, top first; hidden: only how many.
local function cards_text(self, s, d, hidden)
  local n = s:ncards(d)
  if n == 0 then return "-" end
  if hidden then return "?" .. n end
  local cards, out = s:cards(d), {}
  for i = n, 1, -1 do out[#out + 1] = self.card_char(cards[i]) end
  return table.concat(out)
end

-- With a viewer side, what it may know (BW-H1): the face-down decks as
-- counts, and no generator.
function M:position_text(s, viewer)
  local st = self.status()
  local f = { wg.fen.write_board(self, s), SIDE_LETTER[s:side()] .. s:left() }
  local function put(key, value) f[#f + 1] = key .. "=" .. value end
  put("turn", s:turn() + 1)
  put("reserve", units_text(self, s, st.reserve))
  put("lost", units_text(self, s, st.lost))
  put("air", air_text(self, s))
  put("tank", self:tank_damage(s))
  put("used", used_text(self, s))
  put("done", marks_text(self, s, st.done))
  put("new", marks_text(self, s, st.new))
  put("phase", phase_text(self, s))
  put("next", next_text(self, s))
  local d = decks(self)
  put("decks", cards_text(self, s, d[1], viewer) .. "/"
               .. cards_text(self, s, d[2], viewer) .. "/"
               .. cards_text(self, s, d[3], false)
               .. (s:ncards(d[4]) > 0 and "/" .. cards_text(self, s, d[4])
                   or ""))
  if not viewer then put("rng", string.format("%016x", s:rng())) end
  return table.concat(f, " ")
end

-- Reading position text ------------------------------------------------------
-- What is wrong, in one line: the input it names shown short.
local function bad(fmt, ...)
  local args = table.pack(...)
  for i = 1, args.n do
    if type(args[i]) == "string" then args[i] = wg.text.short(args[i]) end
  end
  return nil, string.format(fmt, table.unpack(args, 1, args.n))
end

-- A text may not hold more units than a state does: true, or nil and why.
local function room(self, s, n)
  if s:npieces() + n <= self.rules:maxpieces() then return true end
  return bad("more units than a game holds (%d at most)",
             self.rules:maxpieces())
end

local function add_offboard(self, s, side, t, n, where)
  local ok, err = room(self, s, n)
  if not ok then return nil, err end
  for _ = 1, n do s:set_field(s:add(t, side), self.status().field, where) end
  return true
end

-- "I6T/i6": units off the board, by side
local function read_units(self, s, key, text, where)
  local parts = { text:match("^([^/]+)/([^/]+)$") }
  if #parts ~= 2 then
    return bad("%s '%s': expected Canadians/Germans", key, text)
  end
  for side, part in ipairs(parts) do
    -- counted first, then added in the order the text is written (I, M,
    -- T), so that "Ti6" is the state "i6t" writes and reads back as
    local counts = {}
    local pos = 1
    while part ~= "-" and pos <= #part do
      local l, count, nxt = part:match("^(%a)(%d*)()", pos)
      local t = l and self.letter_type[l:lower()]
      if not t or t == self.T.fighter then
        return bad("%s '%s': expected unit letters (I, M, T) with counts",
                   key, text)
      end
      -- BW-A8: a tank enters on its army's tank ranks; an army without
      -- them has no tank to bring in
      if t == self.T.tank and where == self.status().reserve
         and not self.def.armies[self.sides[side]].tank_ranks then
        return bad("%s '%s': the %s have no tank ranks to bring a tank in "
                   .. "on (BW-A8)", key, text, self.sides[side])
      end
      -- no count is one; a count past any int is more than a game holds
      local n = count == "" and 1
                or wg.text.integer(count, 0, wg.text.INT_MAX)
                or wg.text.INT_MAX
      counts[t] = (counts[t] or 0) + n
      pos = nxt
    end
    for _, t in ipairs { self.T.infantry, self.T.machinegun, self.T.tank } do
      if counts[t] then
        local ok, err = add_offboard(self, s, side, t, counts[t], where)
        if not ok then return bad("%s '%s': %s", key, text, err) end
      end
    end
  end
  return true
end

local function read_air(self, s, text)
  local parts = { text:match("^([odx]+)/([odx]+)$") }
  if #parts ~= 2 then
    parts = { text:match("^([odx%-]+)/([odx%-]+)$") }
    if #parts ~= 2 or parts[1]:match(".%-") or parts[2]:match(".%-") then
      return bad("air '%s': expected fighters (o, d, x, or - for none) "
                 .. "for each side", text)
    end
  end
  for side, part in ipairs(parts) do
    part = part:gsub("^%-$", "")
    local ok, err = room(self, s, #part)
    if not ok then return bad("air '%s': %s", text, err) end
    local st = self.status()
    for ch in part:gmatch(".") do
      local pid = s:add(self.T.fighter, side)
      s:set_field(pid, st.field, ch == "x" and st.lost or st.reserve)
      s:set_field(pid, st.damage, ch == "d" and 1 or 0)
    end
  end
  return true
end

local function read_tank(self, s, text)
  local damage = text:match("^%d$") and tonumber(text)
  local limit = self.def.tank_hits
  if not damage or damage >= limit then
    return bad("tank '%s': expected damage 0 to %d", text, limit - 1)
  end
  if damage == 0 then return true end
  for side = 1, 2 do
    for _, pid in ipairs(s:pieces(side)) do
      if s:type(pid) == self.T.tank then
        s:set_field(pid, self.status().damage, damage)
        return true
      end
    end
  end
  return bad("tank '%s': no tank on the board", text)
end

local function read_used(self, s, text)
  if text == "-" then return true end
  local V = self.V
  for u in (text .. ","):gmatch("([^,]*),") do
    if u == "gas" then
      s:set_var(V.gas_used, 1)
    elseif u == CROSS_KEY[CAN] or u == CROSS_KEY[GER] then
      local side = u == CROSS_KEY[CAN] and CAN or GER
      s:set_var(V.crosses_used, s:var(V.crosses_used) | (1 << (side - 1)))
    else
      return bad("used: '%s' is not gas, vc or ic", u)
    end
  end
  return true
end

-- done=e4,f5 / new=a1: units of the side to act, marked with this turn
local function read_marks(self, s, key, text, k)
  if text == "-" then return true end
  for name in (text .. ","):gmatch("([^,]*),") do
    local sq = self.rules:square(name)
    local pid = sq and s:at(sq)
    if not pid or s:side_of(pid) ~= s:side() then
      return bad("%s: no unit of the side to act on '%s'", key, name)
    end
    s:set_field(pid, k, s:turn() + 1)
  end
  return true
end

-- A unit named in a phase: a square, or fighterN, the side's fighter N (a
-- square's name is a file letter and a rank: the two never meet).
local function read_ref(self, s, side, text)
  local k = text:match("^fighter(%d+)$")
  if k then return self:fighters(s, side)[tonumber(k)] end
  local sq = self.rules:square(text)
  return sq and s:at(sq)
end

local function read_phase(self, s, text)
  local P, V = self.P, self.V
  local name, who, arg = text:match("^(%a+):?([cg]?):?(.*)$")
  local id = name and P[name]
  if not id then return bad("phase '%s': unknown phase", text) end
  s:set_phase(id)
  if id == P.main or id == P.place then
    if who ~= "" then return bad("phase '%s' takes no side", text) end
    return true
  end
  if who == "" then
    return bad("phase '%s': whose decision? (%s:c or %s:g)", text, name, name)
  end
  local side = who == "c" and CAN or GER
  s:set_decider(side)
  if id == P.dogfight or id == P.strafe then
    local plane = read_ref(self, s, id == P.dogfight and 3 - side or side,
                           arg)
    local st = self.status()
    if not plane or s:type(plane) ~= self.T.fighter
       or s:field(plane, st.field) == st.lost then
      return bad("phase '%s': '%s' is not a fighter in the air", text, arg)
    end
    s:set_var(V.plane, plane)
  elseif id == P.cross then
    -- a fighter is always the attacker, the enemy of the beaten infantry
    local a, d = arg:match("^(%w+)x(%w+)$")
    local att = a and read_ref(self, s, 3 - side, a)
    local dsq = d and self.rules:square(d)
    local def = dsq and s:at(dsq)
    local INF = self.T.infantry
    if not att or not def or s:side_of(att) == s:side_of(def)
       or not ((s:side_of(att) == side and s:type(att) == INF)
               or (s:side_of(def) == side and s:type(def) == INF)) then
      return bad("phase '%s': expected the attacker x the defender, "
                 .. "one of them %s infantry", text, self:adjective(side))
    end
    if not self:cross_open(s, s:side_of(att) == side and att or def) then
      return bad("phase '%s': the %s cannot award the %s (option crosses "
                 .. "off, or used)", text, self:army(side),
                 self:cross_name(side))
    end
    s:set_var(V.attacker, att)
    s:set_var(V.defender, def)
  elseif arg ~= "" then
    return bad("phase '%s': unexpected '%s'", text, arg)
  end
  return true
end

-- BW-S3 in the placement phase, what is not on the board is still to come
local function read_placement(self, s)
  for side = 1, 2 do
    local army = self.def.armies[self.sides[side]]
    for k in ipairs(army.setup) do
      for _, t in ipairs { self.T.infantry, self.T.machinegun } do
        local n = self:quota_left(s, side, k, t)
        if n < 0 then
          local what = t == self.T.machinegun and "machine guns" or "infantry"
          return bad("placement: too many %s %s on rank %d",
                     self:adjective(side), what, army.ranks[k])
        end
        local ok, err = add_offboard(self, s, side, t, n,
                                     self.status().waiting)
        if not ok then return bad("placement: %s", err) end
      end
    end
  end
  local first = self.def.place_first
  if s:side() ~= first
     and self.offboard(s, first, nil, self.status().waiting) > 0 then
    return bad("placement: the %s place first", self:army(first))
  end
  return true
end

local function read_next(self, s, text)
  if text == "-" then return true end
  if select(2, text:gsub(",", "")) >= self.pending_max() then
    return bad("next '%s': at most %d special cards can wait", text,
               self.pending_max())
  end
  local kinds, chars = {}, {}          -- BW-C4 the special cards, K, A, J
  for kind = 1, 3 do
    local card = self:special_card(kind)
    if card then
      local char = self.card_char(card)
      kinds[char], chars[#chars + 1] = kind, char
    end
  end
  for item in (text .. ","):gmatch("([^,]*),") do
    local card, side = item:match("^(%w)([cg])$")
    if not kinds[card] then
      return bad("next: '%s' is not %s with c or g", item,
                 wg.help.list(chars, "or"))
    end
    self:push_special(s, kinds[card], side == "c" and CAN or GER)
  end
  return true
end

-- Fills the decks from "top first" texts; "?N" decks get unknown cards: the
-- rest of the 52-card pack, shuffled by the generator.
local function read_decks(self, s, text)
  local suits = self.def.suits
  local parts = { text:match("^([^/]*)/([^/]*)/([^/]*)/?([^/]*)$") }
  if #parts ~= 4 or text:match("/$") then
    return bad("decks '%s': expected Canadians/Germans/turned, and /face "
               .. "up when a combat shows cards", text)
  end
  local count, unknown, order = {}, {}, decks(self)
  for k, p in ipairs(parts) do
    local d = order[k]
    local cards = {}
    if p:match("^%?") then
      local n, why = wg.text.integer(p:sub(2), 0, 13 * suits)
      if not n then
        return bad("decks: '%s': the unknown cards: %s", p, why)
      end
      unknown[#unknown + 1] = { d = d, n = n }
    elseif p ~= "-" then
      for i = #p, 1, -1 do                       -- bottom first
        local v = self.card_value(p:sub(i, i):upper())
        if not v then return bad("decks: '%s' is not a card", p:sub(i, i)) end
        cards[#cards + 1] = v
        count[v] = (count[v] or 0) + 1
        if count[v] > suits then
          return bad("decks: more than %s %ss", wg.help.number(suits),
                     self:card_name(v))
        end
      end
    end
    s:set_cards(d, cards)
  end
  if #unknown == 0 then return true end
  local rest, want = {}, 0
  for v = 2, 14 do
    for _ = 1, suits - (count[v] or 0) do rest[#rest + 1] = v end
  end
  for _, u in ipairs(unknown) do want = want + u.n end
  if want ~= #rest then
    return bad("decks: %d unknown cards, but %d are left of the pack",
               want, #rest)
  end
  local first = unknown[1].d
  s:set_cards(first, rest)
  s:shuffle(first)
  for i = 2, #unknown do s:split(first, unknown[i].d, unknown[i].n) end
  return true
end

-- BW-C6 deals again only the cards there are (a stacked deck may hold
-- fewer than 52), and a combat needs one for each side. Cards lie face up
-- only while a combat is resolved: a decision of it is pending.
local function enough_cards(self, s, text)
  local n = 0
  for _, d in ipairs(decks(self)) do n = n + s:ncards(d) end
  if s:ncards(self.D.showing) > 0
     and (s:phase() == self.P.main or s:phase() == self.P.place) then
    return bad("decks '%s': cards lie face up only while a combat is "
               .. "resolved, not in phase %s", text,
               self.phases[s:phase()].name)
  end
  if n >= 2 then return true end
  return bad("decks '%s': a combat turns a card for each side: at least 2 "
             .. "cards", text)
end

local function fresh_decks(self, s)                             -- BW-S4
  local pack, d = {}, decks(self)
  for v = 2, 14 do
    for _ = 1, self.def.suits do pack[#pack + 1] = v end
  end
  s:set_cards(d[1], pack)
  s:shuffle(d[1])
  s:split(d[1], d[2], #pack // 2)
end

-- A game that goes on gives the player concerned something to do: actions
-- left in the main phase (BW-A1), a decision they can take (BW-C5).
local choices = wg.actions()
local function playable(self, s, side_text, phase_field)
  local who = self:army(s:decider())
  if s:phase() == self.P.main and s:left() == 0 then
    return bad("'%s': no actions left in the main phase (the turn would be "
               .. "over)", side_text)
  end
  if s:phase() == self.P.reinforce
     and not self:can_reinforce(s, s:decider()) then
    return bad("phase '%s': the %s have no infantry to bring or no room on "
               .. "their back rank", phase_field, who)
  end
  choices:clear()
  self:actions(s, choices)
  if #choices == 0 then
    return bad("phase '%s': the %s have no action to take", phase_field, who)
  end
  return true
end

local KEYS = { "turn", "reserve", "lost", "air", "tank", "used", "done", "new",
               "phase", "next", "rng", "decks" }

function M:set_position(s, text)
  local fields = wg.fen.split(text)
  if #fields < 2 then
    return bad("expected a board, the side to act (c2, g1, ...) "
               .. "and key=value fields")
  end
  local ok, err = wg.fen.read_board(self, s, fields[1])
  if not ok then return nil, err end
  for side = 1, 2 do   -- fighters never stand on the board: air= has them
    for _, pid in ipairs(s:pieces(side)) do
      if s:type(pid) == self.T.fighter then
        return bad("board: a fighter on %s; fighters are written in air=",
                   self.rules:name(s:square(pid)))
      end
    end
  end
  local who, left = fields[2]:match("^([cg])(%d)$")
  if not who or tonumber(left) > self.def.actions_per_turn then
    return bad("'%s': expected the side to act, c or g, and its actions "
               .. "left (0-%d)", fields[2], self.def.actions_per_turn)
  end
  s:set_side(who == "c" and CAN or GER)
  s:set_left(tonumber(left))
  local kv, known = {}, {}
  for _, k in ipairs(KEYS) do known[k] = true end
  for i = 3, #fields do
    local k, v = fields[i]:match("^(%a+)=(.+)$")
    if not k then return bad("'%s': expected key=value", fields[i]) end
    if not known[k] then return bad("unknown field '%s'", k) end
    if kv[k] then return bad("'%s' is given twice", k) end
    kv[k] = v
  end
  -- BW-W2 the text after the last turn shows the turn after it
  local turn = wg.text.integer(kv.turn or "1", 1, self.opt.turns + 1)
  if not turn then
    return bad("turn '%s': expected a number from 1 to %d (the turn limit, "
               .. "option turns, is %d)", kv.turn, self.opt.turns + 1,
               self.opt.turns)
  end
  s:set_turn(turn - 1)
  local st = self.status()
  local steps = {
    function()
      return read_units(self, s, "reserve", kv.reserve or "-/-", st.reserve)
    end,
    function()
      return read_units(self, s, "lost", kv.lost or "-/-", st.lost)
    end,
    function() return read_air(self, s, kv.air or "-/-") end,
    function() return read_tank(self, s, kv.tank or "0") end,
    function() return read_used(self, s, kv.used or "-") end,
    function()
      return read_marks(self, s, "done", kv.done or "-", st.done)
    end,
    function() return read_marks(self, s, "new", kv.new or "-", st.new) end,
    function() return read_phase(self, s, kv.phase or "main") end,
    function()
      if s:phase() ~= self.P.place then return true end
      return read_placement(self, s)              -- true, or nil and why
    end,
    function() return read_next(self, s, kv.next or "-") end,
  }
  for _, step in ipairs(steps) do
    ok, err = step()
    if not ok then return nil, err end
  end
  if kv.rng then
    if not kv.rng:match("^%x+$") or #kv.rng > 16 then
      return bad("rng '%s': expected up to 16 hex digits", kv.rng)
    end
    s:seed(tonumber(kv.rng, 16))   -- 64 bits, wrapping like the generator
  end
  if kv.decks then
    ok, err = read_decks(self, s, kv.decks)
    if ok then ok, err = enough_cards(self, s, kv.decks) end
    if not ok then return nil, err end
  else
    fresh_decks(self, s)
  end
  if self:check_end(s) then return true end
  return playable(self, s, fields[2], kv.phase or "main")
end

-- BW-S3 the start: the placement phase, or the standard setup (a variant
-- without the placement phase starts there)
function M:start_text()
  local standard = self.opt.setup == "standard" or not self.P.place
  local first = standard and self.def.first_turn or self.def.place_first
  local reserve, air = {}, {}
  for side = 1, 2 do
    local army = self.def.armies[self.sides[side]]
    reserve[side] = count_text(self, side, function(t)
      return army.reserve[self.type_names[t]] or 0
    end)
    air[side] = string.rep("o", army.fighters or 0)
    if air[side] == "" then air[side] = "-" end
  end
  return string.format("%s %s%d reserve=%s/%s air=%s/%s phase=%s",
                       standard and self.def.standard
                         or string.rep(tostring(self.files), self.ranks, "/"),
                       SIDE_LETTER[first], self.def.actions_per_turn,
                       reserve[1], reserve[2],
                       air[1], air[2], standard and "main" or "place")
end

return M
