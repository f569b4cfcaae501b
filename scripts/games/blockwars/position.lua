-- Block Wars: the position text, read and written (see init.lua for the
-- rules).
--
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
local wg = require "wargrid"
local bw = require "blockwars.common"

-- what the position text needs of the rules: game_over, quota_left,
-- can_reinforce, cross_open (set by the install function at the end)
local rules

local SIDE_LETTER = { "c", "g" }
local CROSS_KEY = { "vc", "ic" }

-- The decks in the order the text gives them.
local function decks(self)
  return { self.D.canadians, self.D.germans, self.D.turned, self.D.showing }
end

-- Writing position text ------------------------------------------------------

local function letter(self, t, side)
  local l = self.type_letter[t]
  return side == bw.CAN and l:upper() or l
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
      return (bw.offboard(s, side, t, where))
    end)
  end
  return out[1] .. "/" .. out[2]
end

local function air_text(self, s)
  local out = {}
  for side = 1, 2 do
    local t = ""
    for _, pid in ipairs(bw.fighters(self, s, side)) do
      local off, damage = s:fields(pid)
      t = t .. (off == bw.LOST and "x" or (damage > 0 and "d" or "o"))
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
  return "fighter" .. bw.fighter_index(self, s, pid)
end

local function unit_ref(self, s, pid)
  if s:type(pid) == self.T.fighter then return fighter_ref(self, s, pid) end
  return self.rules:name(s:square(pid))
end

local function phase_text(self, s)
  local P, V, phase = self.P, self.V, s:phase()
  local text = self.def.phases[phase]
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
  for _, k in ipairs(bw.specials(self, s)) do
    out[#out + 1] = bw.card_char(bw.SPECIAL_CARD[k[1]]) .. SIDE_LETTER[k[2]]
  end
  return #out > 0 and table.concat(out, ",") or "-"
end

-- A deck's cards, top first; hidden: only how many.
local function cards_text(s, d, hidden)
  local n = s:ncards(d)
  if n == 0 then return "-" end
  if hidden then return "?" .. n end
  local cards, out = s:cards(d), {}
  for i = n, 1, -1 do out[#out + 1] = bw.card_char(cards[i]) end
  return table.concat(out)
end

-- With a viewer side, what it may know (BW-H1): the face-down decks as
-- counts, and no generator.
local function position_text(self, s, viewer)
  local f = { wg.fen.write_board(self, s), SIDE_LETTER[s:side()] .. s:left() }
  local function put(key, value) f[#f + 1] = key .. "=" .. value end
  put("turn", s:turn() + 1)
  put("reserve", units_text(self, s, bw.RESERVE))
  put("lost", units_text(self, s, bw.LOST))
  put("air", air_text(self, s))
  put("tank", bw.tank_damage(self, s))
  put("used", used_text(self, s))
  put("done", marks_text(self, s, bw.F_DONE))
  put("new", marks_text(self, s, bw.F_NEW))
  put("phase", phase_text(self, s))
  put("next", next_text(self, s))
  local d = decks(self)
  put("decks", cards_text(s, d[1], viewer) .. "/"
               .. cards_text(s, d[2], viewer) .. "/"
               .. cards_text(s, d[3], false)
               .. (s:ncards(d[4]) > 0 and "/" .. cards_text(s, d[4]) or ""))
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
  for _ = 1, n do s:set_field(s:add(t, side), bw.F_OFF, where) end
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
      if t == self.T.tank and where == bw.RESERVE
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
    for ch in part:gmatch(".") do
      local pid = s:add(self.T.fighter, side)
      s:set_field(pid, bw.F_OFF, ch == "x" and bw.LOST or bw.RESERVE)
      s:set_field(pid, bw.F_DAMAGE, ch == "d" and 1 or 0)
    end
  end
  return true
end

local function read_tank(self, s, text)
  local damage = text:match("^%d$") and tonumber(text)
  local limit = self.def.rulings.tank_hits
  if not damage or damage >= limit then
    return bad("tank '%s': expected damage 0 to %d", text, limit - 1)
  end
  if damage == 0 then return true end
  for side = 1, 2 do
    for _, pid in ipairs(s:pieces(side)) do
      if s:type(pid) == self.T.tank then
        s:set_field(pid, bw.F_DAMAGE, damage)
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
    elseif u == CROSS_KEY[bw.CAN] or u == CROSS_KEY[bw.GER] then
      local side = u == CROSS_KEY[bw.CAN] and bw.CAN or bw.GER
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
  if k then return bw.fighters(self, s, side)[tonumber(k)] end
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
  local side = who == "c" and bw.CAN or bw.GER
  s:set_decider(side)
  if id == P.dogfight or id == P.strafe then
    local plane = read_ref(self, s, id == P.dogfight and bw.other(side)
                                    or side, arg)
    if not plane or s:type(plane) ~= self.T.fighter
       or s:field(plane, bw.F_OFF) == bw.LOST then
      return bad("phase '%s': '%s' is not a fighter in the air", text, arg)
    end
    s:set_var(V.plane, plane)
  elseif id == P.cross then
    -- a fighter is always the attacker, the enemy of the beaten infantry
    local a, d = arg:match("^(%w+)x(%w+)$")
    local att = a and read_ref(self, s, bw.other(side), a)
    local dsq = d and self.rules:square(d)
    local def = dsq and s:at(dsq)
    local INF = self.T.infantry
    if not att or not def or s:side_of(att) == s:side_of(def)
       or not ((s:side_of(att) == side and s:type(att) == INF)
               or (s:side_of(def) == side and s:type(def) == INF)) then
      return bad("phase '%s': expected the attacker x the defender, "
                 .. "one of them %s infantry", text, bw.SIDE_ADJ[side])
    end
    if not rules.cross_open(self, s, s:side_of(att) == side and att or def) then
      return bad("phase '%s': the %s cannot award the %s (option crosses "
                 .. "off, or used)", text, bw.SIDE_NAME[side],
                 bw.CROSS_NAME[side])
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
        local n = rules.quota_left(self, s, side, k, t)
        if n < 0 then
          local what = t == self.T.machinegun and "machine guns" or "infantry"
          return bad("placement: too many %s %s on rank %d",
                     bw.SIDE_ADJ[side], what, army.ranks[k])
        end
        local ok, err = add_offboard(self, s, side, t, n, bw.WAITING)
        if not ok then return bad("placement: %s", err) end
      end
    end
  end
  local first = self.def.rulings.place_first
  if s:side() ~= first
     and bw.offboard(s, first, nil, bw.WAITING) > 0 then
    return bad("placement: the %s place first", bw.SIDE_NAME[first])
  end
  return true
end

local function read_next(self, s, text)
  if text == "-" then return true end
  if select(2, text:gsub(",", "")) >= bw.PENDING_MAX then
    return bad("next '%s': at most %d special cards can wait", text,
               bw.PENDING_MAX)
  end
  for item in (text .. ","):gmatch("([^,]*),") do
    local card, side = item:match("^([KAJ])([cg])$")
    if not card then
      return bad("next: '%s' is not K, A or J with c or g", item)
    end
    bw.push_special(self, s, bw.SPECIAL[bw.CARD_CHARS:find(card) + 1],
                    side == "c" and bw.CAN or bw.GER)
  end
  return true
end

-- Fills the decks from "top first" texts; "?N" decks get unknown cards: the
-- rest of the 52-card pack, shuffled by the generator.
local function read_decks(self, s, text)
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
      local n, why = wg.text.integer(p:sub(2), 0, 52)
      if not n then
        return bad("decks: '%s': the unknown cards: %s", p, why)
      end
      unknown[#unknown + 1] = { d = d, n = n }
    elseif p ~= "-" then
      for i = #p, 1, -1 do                       -- bottom first
        local v = bw.CARD_CHARS:find(p:sub(i, i):upper(), 1, true)
        if not v then return bad("decks: '%s' is not a card", p:sub(i, i)) end
        v = v + 1
        cards[#cards + 1] = v
        count[v] = (count[v] or 0) + 1
        if count[v] > 4 then
          return bad("decks: more than four %ss", bw.CARD_NAME[v])
        end
      end
    end
    s:set_cards(d, cards)
  end
  if #unknown == 0 then return true end
  local rest, want = {}, 0
  for v = 2, 14 do
    for _ = 1, 4 - (count[v] or 0) do rest[#rest + 1] = v end
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
               self.def.phases[s:phase()])
  end
  if n >= 2 then return true end
  return bad("decks '%s': a combat turns a card for each side: at least 2 "
             .. "cards", text)
end

local function fresh_decks(self, s)                             -- BW-S4
  local pack, d = {}, decks(self)
  for v = 2, 14 do
    for _ = 1, 4 do pack[#pack + 1] = v end
  end
  s:set_cards(d[1], pack)
  s:shuffle(d[1])
  s:split(d[1], d[2], 26)
end

-- A game that goes on gives the player concerned something to do: actions
-- left in the main phase (BW-A1), a decision they can take (BW-C5).
local choices = wg.actions()
local function playable(self, s, side_text, phase_field)
  local who = bw.SIDE_NAME[s:decider()]
  if s:phase() == self.P.main and s:left() == 0 then
    return bad("'%s': no actions left in the main phase (the turn would be "
               .. "over)", side_text)
  end
  if s:phase() == self.P.reinforce
     and not rules.can_reinforce(self, s, s:decider()) then
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

local function set_position(self, s, text)
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
  s:set_side(who == "c" and bw.CAN or bw.GER)
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
  local steps = {
    function()
      return read_units(self, s, "reserve", kv.reserve or "-/-", bw.RESERVE)
    end,
    function()
      return read_units(self, s, "lost", kv.lost or "-/-", bw.LOST)
    end,
    function() return read_air(self, s, kv.air or "-/-") end,
    function() return read_tank(self, s, kv.tank or "0") end,
    function() return read_used(self, s, kv.used or "-") end,
    function()
      return read_marks(self, s, "done", kv.done or "-", bw.F_DONE)
    end,
    function() return read_marks(self, s, "new", kv.new or "-", bw.F_NEW) end,
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
  if rules.game_over(self, s) then return true end
  return playable(self, s, fields[2], kv.phase or "main")
end

-- BW-S3 the start: the placement phase, or the standard setup
local function start_text(self)
  local standard = self.opt.setup == "standard"
  local first = standard and self.def.rulings.first
                or self.def.rulings.place_first
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

return function(game, shared)
  rules = shared
  game.position_text = position_text
  game.set_position = set_position
  game.start_text = start_text
end
