-- Block Wars 1.1, a WWI skirmish with cards: the rules as its rulebook
-- (rules.md, in this folder) gives them, with its rulings, section by
-- section, with rule IDs where each is implemented. Every RULING is data
-- in the declaration (`rulings`, `armies`, the fire patterns) or an
-- option, so a house variant changes it in a line.
--
-- Sides: 1 the Canadians (ranks 1-3, facing rank 8, upper-case letters),
-- 2 the Germans (ranks 6-8, facing rank 1, lower case). Letters: I infantry,
-- M machine gun, T the tank (shown on its four squares); fighters never
-- stand on the board. The ranks each rule names are data of the declaration
-- (`armies`, `no_mans_land`, `wire`, `standard`), read through the game, so
-- a variant may move them or change the board; game:validate refuses data
-- that leaves a rule impossible.
--
-- Actions and decisions are typed as NOTATION (below) shows; `wargrid play
-- blockwars --help` and the in-game `help` print it. The code cites each
-- one's rule where it is implemented.
--
-- This file holds the rules. The game's folder holds the rest: the position
-- text (blockwars/position.lua, whose header describes it), the board and
-- what the players see beside it (blockwars/render.lua), why an action is
-- not legal, by the rule that forbids it (blockwars/why.lua), and the names
-- they all share (blockwars/common.lua).
local wg = require "wargrid"
local bw = require "blockwars.common"

local CAN, GER = bw.CAN, bw.GER

local NOTATION = [[
Block Wars actions (case, spaces and dashes do not matter):
  e2e3        an infantry unit moves one square
  e4xf5       it attacks f5 from where it stands; e4e5xf6 moves to e5 first
  d6xd4       a machine gun fires at d4
  c1c2        the tank, named by its lower left square, moves (both actions)
  c1xe3       the tank's gun fires; a tank as target is named the same way
  i@a1        a reinforcement enters your back rank (both actions); t@e1:
              the tank enters on e1-f2
  pass        end the turn with actions left
Decisions, each taken by the player concerned:
  i@c8, m@c6                 place a unit (the placement phase); in play,
  place standard, place random  place all your remaining units, on the
                             standard setup's squares or at random
  barrage e4, gas e4         where a King's barrage falls (gas: Germans, once)
  i@a8, t@e1, m@a8           what an Ace brings in, and where: infantry of
                             the reserve, or the tank (t@e1: on e1-f2); with
                             nothing in reserve that can enter, a casualty,
                             infantry or machine gun
  fly 1, fly 2               which fighter a Jack sends to strafe
  dogfight 1, no dogfight    answer it with one of your fighters, or not
  strafe e4                  what the strafing fighter attacks
  cross, no cross            save your beaten infantry (option crosses)
Canadians in upper case, Germans in lower case: I infantry, M machine gun,
T tank (on its four squares); fighters stay off the board. The Germans place
first and act first.]]

-- The keys of Block Wars' declaration beyond every game's (wargrid.schema):
-- the ranks its rules name, the armies, and every RULING a variant may turn.
local RANKS = "list of integer"
local KEYS = {
  no_mans_land = { type = RANKS, help = "BW-B1 the ranks between the armies" },
  wire = { type = "list",
           help = "BW-C2 the wire: pairs of ranks it runs between",
           each = { type = RANKS, help = "the ranks either side of it" } },
  armies = { type = "map", help = "BW-S1, BW-S2 each side's army, by name",
             each = { type = "table", help = "an army", fields = {
    ranks = { type = RANKS,
              help = "BW-B1 its ranks, its back rank first (BW-A8, BW-W1)" },
    setup = { type = "list",
              help = "BW-S3 what it places on each of its ranks, in order",
              each = { type = "map of integer",
                       help = "how many of each piece type" } },
    reserve = { type = "map of integer", help = "BW-S1 what it holds back" },
    fighters = { type = "integer", help = "BW-C4 its fighters, in the air" },
    tank_ranks = { type = RANKS, help = "BW-A8 the ranks its tank enters on" },
  } } },
  standard = { type = "string",
               help = "BW-S3 the standard setup (option setup=standard), as "
                      .. "position text's board" },
  rulings = { type = "table", help = "the rulings, each a line to change",
              fields = {
    first = { type = "integer", help = "BW-S5 the side that takes the first "
                                       .. "turn" },
    place_first = { type = "integer",
                    help = "BW-S3 the side that places first" },
    attack_in_place = { type = "boolean",
                        help = "BW-A3 an attack's move part may be 0 "
                               .. "squares" },
    margin = { type = "integer",
               help = "BW-C2, BW-C3 what the attacker must win by over wire "
                      .. "or against the tank" },
    tank_hits = { type = "integer",
                  help = "BW-C3 the damage that destroys the tank" },
    barrage = { type = "list of integer",
                help = "BW-C4 the cards a barrage hits on, lowest and "
                       .. "highest" },
    gas = { type = "table", help = "BW-G2 poison gas, once a game (false: "
                                   .. "none)", fields = {
      side = { type = "integer", help = "the side that has it" },
      hits = { type = "list of integer",
               help = "the cards it hits on, lowest and highest" },
    } },
    ace = { type = "table", help = "BW-C4 what an Ace may bring in",
            fields = {
      reserve = { type = "list of string",
                  help = "piece types of the reserve" },
      lost = { type = "list of string",
               help = "else casualties of these types" },
    } },
    jacks = { type = "string",
              help = "BW-C4 \"attacker\": two Jacks make one air battle, "
                     .. "the attacker's" },
    strafer_loses = { type = "boolean",
                      help = "BW-C4 a strafing fighter that loses is "
                             .. "damaged" },
  } },
}

local game = wg.game {
  name = "blockwars",
  keys = KEYS,
  title = "Block Wars",
  notation = NOTATION,

  -- Board, sides, setup --------------------------------------------------
  -- BW-B1 8x8; Canadians ranks 1-3, Germans ranks 6-8, No Man's Land 4-5;
  -- wire along the edges 5|6 and 3|4 (it does not hinder movement, BW-A8).
  -- Ranks are counted from the Canadians' edge; every rank a rule names is
  -- data here, and game:validate checks that a variant's fit together.
  board = {
    files = 8, ranks = 8,
    -- the ranks of no_mans_land below, as a layer to draw
    layers = {
      no_mans_land = {
        squares = function(g, _, _, r)
          for _, k in ipairs(g.def.no_mans_land) do
            if k == r then return true end
          end
        end,
        look = { fill = "#9c8460", opacity = 0.6, pattern = "craters",
                 ink = "#5a4630", label = "No Man's Land" } },
    },
  },
  sides = { "canadians", "germans" },
  -- Drawn as a map: fields, units as counters (khaki, field grey).
  look = { board = { light = "#c9d1a4", chequer = false, lines = "#8f976d" },
           sides = { { fill = "#cdb47c" }, { fill = "#5f686d" } } },
  actions_per_turn = 2,                                     -- BW-A1
  no_mans_land = { 4, 5 },
  wire = { { 3, 4 }, { 5, 6 } },   -- BW-C2 the ranks either side of a wire

  -- BW-S4 one deck per side, face down. BW-C6 the cards turned in a combat
  -- lie face up (showing) until it is resolved, with everything its special
  -- cards set off; then they join the turned cards, which wait for the next
  -- reshuffle. BW-H1 nobody sees the order of a face-down deck.
  decks = { canadians = {}, germans = {}, showing = { open = true },
            turned = { open = true } },

  pieces = {
    -- BW-A2 moves one square to an empty square; BW-A3 attacks a neighbour
    -- `rule`: the rule a unit's moves follow, cited when a move is not one
    infantry = { letter = "i", moves = { "mK", "cK" }, value = 1,
                 rule = "BW-A2",
                 help = "moves one square in any direction, or moves and "
                        .. "attacks a unit next to it: one or the other "
                        .. "once a turn (BW-A2..BW-A4)",
                 look = { glyph = "infantry", shape = "counter" } },
    -- BW-A5 range 2, 45 degrees either side of forward. RULING: a line of
    -- fire passing exactly between two squares is blocked only if both are
    -- occupied (corner = "both"; "either" is the strict reading).
    machinegun = { letter = "m", value = 1.5, rule = "BW-A5",
                   look = { glyph = "machinegun", shape = "counter" },
                   fire = { range = 2, arc = 45, corner = "both",
                            immune = { "tank" } } },
    -- BW-A6 2x2, one rank straight forward or back; BW-A7 its gun fires all
    -- round from any of its squares. BW-A9 RULING: the tank's own squares
    -- never block its fire, nor a large target's squares fire at itself
    -- (the runtime's line of fire never counts the pieces at its ends).
    tank = { letter = "t", moves = "mvW", value = 4, rule = "BW-A6",
             help = "covers 2x2 squares, named by its lower left one: "
                    .. "moves one rank straight forward or back for both "
                    .. "actions (BW-A6); its gun fires all round from any "
                    .. "of its squares (BW-A7)",
             look = { glyph = "rhomboid", shape = "counter",
                      damage = bw.F_DAMAGE },     -- drawn with its hits
             shape = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } },
             fire = { range = 2, arc = 180, corner = "both",
                      immune = { "tank" } } },
    fighter = { letter = "f", value = 0.5, rule = "BW-C4",  -- off the board
                help = "never on the board: a Jack sends one to strafe, and "
                       .. "the other side may answer in a dogfight (BW-C4)",
                look = { glyph = "fighter", shape = "counter", turn = true } },
  },

  -- BW-B1, BW-S1, BW-S2 each side's ranks (its back rank first, BW-A8,
  -- BW-W1), what it places on them in that order, what it holds in reserve
  -- and has in the air; BW-A8 the ranks where its tank enters.
  armies = {
    canadians = { ranks = { 1, 2, 3 },
                  setup = { { infantry = 4 }, { infantry = 4 },
                            { machinegun = 1, infantry = 7 } },
                  reserve = { infantry = 6, tank = 1 }, fighters = 2,
                  tank_ranks = { 1, 2 } },
    germans = { ranks = { 8, 7, 6 },
                setup = { { infantry = 4 }, { infantry = 4 },
                          { machinegun = 2, infantry = 6 } },         -- BW-G1
                reserve = { infantry = 6 }, fighters = 2 },
  },

  -- BW-S3 RULING: the standard setup (option setup=standard) skips the
  -- placement phase. Germans: c8-f8, c7-f7, a6 b6 d6 e6 g6 h6 with machine
  -- guns c6 and f6; Canadians: a1-d1, a2-d2, a3-d3 f3-h3 with the machine
  -- gun on e3, leaving e1-h2 free for the tank to enter.
  standard = "2iiii2/2iiii2/iimiimii/8/8/IIIIMIII/IIII4/IIII4",

  rulings = {
    first = GER,            -- BW-S5 RULING: the Germans take the first turn
    place_first = GER,      -- BW-S3 RULING: the Germans place first
    attack_in_place = true, -- BW-A3 RULING: the move part may be 0 squares
    margin = 2,             -- BW-C2, BW-C3 win by 2
    tank_hits = 2,          -- BW-C3 the second damage destroys the tank
    barrage = { 2, 3 },     -- BW-C4 RULING: a barrage hits on 2-3
    gas = { side = GER, hits = { 2, 6 } },   -- BW-G2
    -- BW-C4 RULING: what an Ace may bring in, the drawer's choice: a unit
    -- of the reserve of these types, else a casualty of these (never the
    -- tank: a destroyed tank never returns)
    ace = { reserve = { "infantry", "tank" },
            lost = { "infantry", "machinegun" } },
    jacks = "attacker",     -- BW-C4 RULING: two Jacks, one air battle
    strafer_loses = true,   -- BW-C4 RULING: a beaten strafer is damaged
  },

  phases = { "main", "place", "cross", "barrage", "reinforce", "air",
             "dogfight", "strafe" },
  vars = {
    pending = {},           -- special cards still to resolve (BW-C4)
    attacker = {}, defender = {},   -- the combat a cross decision is about
    plane = {},             -- the fighter on its air battle
    gas_used = {},          -- BW-G2 once per game
    crosses_used = {},      -- BW-O1 once per side (bits by side)
  },
  reasons = { "two units on the enemy back rank", "the enemy has no units left",
              "the turn limit", "both armies are gone" },
  cutoffs = { "the turn limit" },   -- BW-W2 a draw that decided nothing

  options = {
    setup = { default = "placement", values = { "placement", "standard" },
              help = "BW-S3 place the units, "
                     .. "or start from the standard setup" },
    crosses = { default = false, help = "BW-O1 Victoria Cross / Iron Cross" },
    aces = { default = false,
             help = "BW-O2 fighter aces and damaged aircraft" },
    turns = { default = 200, min = 1, help = "BW-W2 turns before a draw" },
  },

  -- Hints for the AI: it scores a new node with game:evaluate at once (the
  -- cards make longer random playouts mostly noise), a unit's worth is a 73%
  -- chance, and it tries game:order's actions first, widening slowly.
  ai = { playout_depth = 0, eval_scale = 1, widen = true },
  engine = { refused = "its combats are decided by cards (BW-C1), its units "
                       .. "are placed before play (BW-S3) and some turns "
                       .. "take sub-decisions: none of it is a CECP move" },
}

-- Ids of pieces, variables, phases and decks. A variant keeps them as long
-- as it keeps their names, which game:validate checks.
local T, V, P = game.T, game.V, game.P
local INF, MG, TANK, FIGHTER = T.infantry, T.machinegun, T.tank, T.fighter
local DECK = { game.D.canadians, game.D.germans }
local SHOWING, TURNED = game.D.showing, game.D.turned

local F_OFF, F_DAMAGE, F_DONE, F_NEW = bw.F_OFF, bw.F_DAMAGE, bw.F_DONE,
                                       bw.F_NEW
local ON, RESERVE, LOST, WAITING = bw.ON, bw.RESERVE, bw.LOST, bw.WAITING
-- game:status() -> where an off-board piece is: the field that says it and
-- its values (for specs that check no unit is ever lost)
local STATUS = { field = F_OFF, on = ON, reserve = RESERVE, lost = LOST,
                 waiting = WAITING }
function game.status() return STATUS end

-- Action kinds.
local MOVE, ATTACK, FIRE, ENTER, PASS = 1, 2, 3, 4, 5
local BARRAGE, FLY, DOGFIGHT, STRAFE, CROSS = 6, 7, 8, 9, 10

local JACK, KING, ACE = bw.JACK, bw.KING, bw.ACE
local CARD_NAME, SPECIAL, SPECIAL_CARD = bw.CARD_NAME, bw.SPECIAL,
                                         bw.SPECIAL_CARD
local SIDE_ADJ, SIDE_NAME, CROSS_NAME = bw.SIDE_ADJ, bw.SIDE_NAME,
                                        bw.CROSS_NAME
local other, offboard = bw.other, bw.offboard

-- The board's ranks (BW-B1) -----------------------------------------------
-- The ranks of the rules, compiled once per game (a variant has its own)
-- from the declaration: each side's back rank and its squares, its setup
-- ranks, where its tank enters; the wire by attacker, from rank to rank.
local compiled = setmetatable({}, { __mode = "k" })

local function geometry(self)
  local g = compiled[self]
  if g then return g end
  local R, def = self.rules, self.def
  g = { back = {}, back_squares = {}, ranks = {}, tank_rank = {},
        wire = { {}, {} } }
  for side = 1, 2 do
    local army = def.armies[self.sides[side]]
    g.ranks[side] = army.ranks
    g.back[side] = army.ranks[1]
    g.back_squares[side] = {}
    for f = 1, self.files do
      g.back_squares[side][f] = R:at(f, g.back[side])
    end
    if army.tank_ranks then
      g.tank_rank[side] = math.min(table.unpack(army.tank_ranks))
    end
  end
  -- BW-C2 a wire edge crossed from No Man's Land into the enemy's ranks
  local nml = {}
  for _, r in ipairs(def.no_mans_land) do nml[r] = true end
  for _, edge in ipairs(def.wire) do
    for _, from in ipairs { edge[1], edge[2] } do
      local to = from == edge[1] and edge[2] or edge[1]
      for side = 1, 2 do
        for _, r in ipairs(g.ranks[other(side)]) do
          if nml[from] and r == to then
            g.wire[side][from] = g.wire[side][from] or {}
            g.wire[side][from][to] = true
          end
        end
      end
    end
  end
  compiled[self] = g
  return g
end

local function rank_of(self, sq) return select(2, self.rules:coords(sq)) end

-- game:validate(), asked by the loader: a variant whose data leaves one of
-- these rules impossible is refused in one line naming the rule and what
-- to override. A variant may move every rank and change the board.
local SETUP_RULE = { "BW-S2", "BW-S1" }         -- by side: whose setup

local function check_ids(self)
  for _, k in ipairs {
    { T, self.T, "BW-S1 BW-S2: the rules need the piece type %s; change "
                 .. "pieces.%s rather than remove it" },
    { V, self.V, "BW-C4: the rules need the counter %s (vars.%s)" },
    { P, self.P, "BW-C5: the rules need the phase %s as Block Wars orders "
                 .. "them (phases, %s)" },
    { game.D, self.D, "BW-S4: the rules need the deck %s (decks.%s)" },
  } do
    for name, id in pairs(k[1]) do
      if k[2][name] ~= id then return k[3]:format(name, name) end
    end
  end
end

local function check_ranks(self)
  local def, nranks = self.def, self.ranks
  local function on_board(r)
    return math.type(r) == "integer" and r >= 1 and r <= nranks
  end
  if self.files < 2 then
    return ("BW-W1: a back rank of %d square never holds two units; "
            .. "override board.files"):format(self.files)
  end
  local held, by, nml = {}, {}, {}   -- rank -> who holds it, and its key
  local function hold(r, who, key)
    if held[r] == who then
      return ("BW-B1: %s ranks name rank %d twice; override %s"):format(who,
        r, key)
    elseif held[r] then
      return ("BW-B1: rank %d is both %s and %s; override %s or %s"):format(
        r, held[r], who, by[r], key)
    end
    held[r], by[r] = who, key
  end
  for _, r in ipairs(def.no_mans_land) do
    if not on_board(r) then
      return ("BW-B1: No Man's Land rank %s is off a board of %d ranks; "
              .. "override no_mans_land"):format(r, nranks)
    end
    nml[r] = true
    local err = hold(r, "No Man's Land", "no_mans_land")
    if err then return err end
  end
  for side, name in ipairs(self.sides) do
    local army, key, who = def.armies[name], "armies." .. name,
                           SIDE_NAME[side]
    for k, r in ipairs(army.ranks) do
      if not on_board(r) then
        return ("%s: the %s' %s %s is off a board of %d ranks; override "
                .. "%s.ranks"):format(k == 1 and "BW-A8 BW-W1" or "BW-B1",
                who, k == 1 and "back rank" or "rank", r, nranks, key)
      end
      local err = hold(r, "the " .. who .. "'", key .. ".ranks")
      if err then return err end
    end
    if #army.setup > #army.ranks then
      return ("%s: the %s place units on %d ranks but hold %d; override "
              .. "%s.setup or %s.ranks"):format(SETUP_RULE[side], who,
              #army.setup, #army.ranks, key, key)
    end
    for k, quota in ipairs(army.setup) do
      local n = 0
      for what, count in pairs(quota) do
        if what ~= "infantry" and what ~= "machinegun" then
          return ("BW-S3: the %s' setup places %s, but only infantry and "
                  .. "machine guns are placed; override %s.setup"):format(
                  who, what, key)
        end
        n = n + count
      end
      if n > self.files then
        return ("%s: the %s place %d units on rank %d, which has %d "
                .. "squares; override %s.setup"):format(SETUP_RULE[side],
                who, n, army.ranks[k], self.files, key)
      end
    end
    if army.reserve and army.reserve.tank then
      -- BW-A8 the tank enters on as many adjacent ranks as it is deep
      local depth, tr = 0, army.tank_ranks or {}
      for _, d in ipairs(def.pieces.tank.shape) do
        depth = math.max(depth, d[2] + 1)
      end
      local low = math.min(math.huge, table.unpack(tr))
      local ok = #tr == depth
      for _, r in ipairs(tr) do
        ok = ok and on_board(r) and r - low < depth
      end
      if not ok then
        return ("BW-A8: the %s' tank enters on %d adjacent ranks of the "
                .. "board; override %s.tank_ranks"):format(who, depth, key)
      end
    end
  end
  for _, edge in ipairs(def.wire) do                            -- BW-C2
    local a, b = edge[1], edge[2]
    if not (on_board(a) and on_board(b) and math.abs(a - b) == 1
            and ((nml[a] and held[b] ~= held[a])
                 or (nml[b] and held[a] ~= held[b]))
            and held[a] and held[b]) then
      return ("BW-C2: the wire between ranks %s and %s does not lie "
              .. "between No Man's Land and a side's ranks; override wire")
             :format(a, b)
    end
  end
end

-- BW-S3 the standard setup is the setup, placed
local function check_standard(self)
  local s = self.rules:new_state()
  local ok, err = wg.fen.read_board(self, s, self.def.standard)
  if not ok then
    return ("BW-S3: the standard setup does not fit the board (%s); "
            .. "override standard"):format(err)
  end
  local placed = 0
  for side, name in ipairs(self.sides) do
    local army = self.def.armies[name]
    for k, r in ipairs(army.ranks) do
      for _, t in ipairs { INF, MG } do
        local want = (army.setup[k] or {})[self.type_names[t]] or 0
        local have = 0
        for f = 1, self.files do
          local pid = s:at(self.rules:at(f, r))
          if pid and s:side_of(pid) == side and s:type(pid) == t then
            have = have + 1
          end
        end
        if have ~= want then
          return ("BW-S3: the standard setup has %d %s %s on rank %d where "
                  .. "the %s place %d; override standard"):format(have,
                  SIDE_ADJ[side], self.type_names[t], r, SIDE_NAME[side],
                  want)
        end
        placed = placed + have
      end
    end
  end
  if s:count(1) + s:count(2) ~= placed then
    return "BW-S3: the standard setup has units off the setup ranks; "
           .. "override standard"
  end
end

function game:validate()
  local err = check_ids(self) or check_ranks(self) or check_standard(self)
  if err then return nil, err end
  return true
end

-- How far a rank is from the side's back rank: 0 there, 1 the next ...
local function progress(self, side, r)
  return math.abs(r - geometry(self).back[side])
end

-- Narration ------------------------------------------------------------
local function tell(log, fmt, ...)
  if log then
    log[#log + 1] = (string.format(fmt, ...):gsub("^%l", string.upper))
  end
end

-- "the German infantry on f6", "Canadian fighter 1"
local function unit_name(self, s, pid)
  local t, side, sq = s:piece(pid)
  if t == FIGHTER then
    return string.format("%s fighter %d", SIDE_ADJ[side],
                         bw.fighter_index(self, s, pid))
  end
  local kind = t == MG and "machine gun" or self.type_names[t]
  return string.format("the %s %s on %s", SIDE_ADJ[side], kind,
                       self.rules:name(sq))
end

-- Fighters (BW-C4) off the board: the numbers of those not destroyed.
local function ready_fighters(self, s, side)
  local out = {}
  for k, pid in ipairs(bw.fighters(self, s, side)) do
    if s:field(pid, F_OFF) ~= LOST then out[#out + 1] = k end
  end
  return out
end

-- Puts an off-board piece on the board this turn. BW-A8: it cannot attack
-- this turn; BW-C4 RULING: nor can a unit an Ace brings in the drawer's own
-- turn, which may move.
local function enter(s, pid, sq)
  s:place(pid, sq)
  s:set_field(pid, F_OFF, ON)
  s:set_field(pid, F_DONE, 0)
  s:set_field(pid, F_NEW, s:turn() + 1)
end

local function casualty(s, pid)
  s:remove(pid)
  s:set_field(pid, F_OFF, LOST)
  s:set_field(pid, F_DAMAGE, 0)
  s:set_field(pid, F_DONE, 0)
  s:set_field(pid, F_NEW, 0)
end

-- A hit: infantry and machine guns fall, the tank is damaged (BW-C1,
-- BW-C3), a fighter is damaged or, if damaged already, destroyed (BW-C4).
-- `why` tells a fighter's damage, which players met only with aces.
local function hit(self, s, pid, log, why)
  local t = s:type(pid)
  local name = log and unit_name(self, s, pid)
  if t == TANK or t == FIGHTER then
    local limit = t == TANK and self.def.rulings.tank_hits or 2
    local damage = s:field(pid, F_DAMAGE) + 1
    if damage < limit then
      s:set_field(pid, F_DAMAGE, damage)
      if t == FIGHTER then
        tell(log, "%s is damaged: %s; a second hit destroys it%s.", name,
             why, self.opt.aces and ", and damaged it turns its cards at "
                                    .. "-1 (BW-O2)" or "")
      else
        tell(log, "%s is damaged.", name)
      end
      return
    end
    tell(log, "%s is destroyed.", name)
    if t == FIGHTER then
      s:set_field(pid, F_OFF, LOST)
      s:set_field(pid, F_DAMAGE, 0)
      return
    end
  else
    tell(log, "%s falls.", name)
  end
  casualty(s, pid)
end

-- Cards -------------------------------------------------------------------
-- BW-C6 the cards are gathered, shuffled and split again: every card but
-- those lying face up in a combat not yet resolved (showing), which join
-- at the next reshuffle.
local function reshuffle(s, log)
  s:gather(DECK[CAN], DECK[GER], TURNED)
  s:shuffle(DECK[CAN])
  s:split(DECK[CAN], DECK[GER], s:ncards(DECK[CAN]) // 2)
  tell(log, "A deck has run out: %s %d cards%s are gathered, shuffled and "
       .. "dealt again.", s:ncards(SHOWING) > 0 and "the" or "all",
       s:ncards(DECK[CAN]) + s:ncards(DECK[GER]),
       s:ncards(SHOWING) > 0 and " not face up in this combat" or "")
end

-- The side turns over the top card of its deck: it lies face up until the
-- combat is resolved. BW-C6 RULING (2026-11-23): only when the side must
-- turn a card and its deck is empty is there a reshuffle in a combat.
local function draw(s, side, log)
  if s:ncards(DECK[side]) == 0 then reshuffle(s, log) end
  local card = s:draw(DECK[side], SHOWING)
  if not card then
    error("blockwars: every card lies face up in this combat", 0)
  end
  return card
end

-- BW-C6 RULING (2026-11-23): a combat is resolved, with everything its
-- special cards set off: its cards join the turned ones, and if a deck ran
-- out the reshuffle it waited for comes now.
local function combat_resolved(s, log)
  s:gather(TURNED, SHOWING)
  if s:ncards(DECK[CAN]) == 0 or s:ncards(DECK[GER]) == 0 then
    reshuffle(s, log)
  end
end

-- BW-O2 aces: the ace adds 1, a damaged fighter subtracts 1. RULING
-- (2026-11-23): the ace is each side's first fighter (both are alike when
-- it is named), so no decision is asked.
local function card_bonus(self, s, pid)
  if not self.opt.aces or s:type(pid) ~= FIGHTER then return 0 end
  local bonus = bw.fighter_index(self, s, pid) == 1 and 1 or 0
  return bonus - s:field(pid, F_DAMAGE)
end

local function card_text(card, bonus)
  if bonus == 0 then return CARD_NAME[card] end
  return string.format("%s (%s%d)", CARD_NAME[card], bonus > 0 and "+" or "",
                       bonus)
end

-- Turns -------------------------------------------------------------------
-- BW-W2 the turn limit counts turns as BW-A1 does: each side's turn is one.
-- True if it is reached: a draw.
local function turn_limit(self, s, log)
  if s:turn() < self.opt.turns then return false end
  s:set_result(3, 3)
  tell(log, "The turn limit (%d turns) is reached.", self.opt.turns)
  return true
end

local function next_turn(self, s, log)
  s:end_turn()                                      -- BW-A1
  turn_limit(self, s, log)
end

local function has_reserve(s, side)
  return s:offboard(side, nil, F_OFF, RESERVE)
         > offboard(s, side, FIGHTER, RESERVE)
end

-- BW-W1 two units (the tank counts once) on the enemy back rank win. RULING
-- (2026-11-23): "at any time": looked at after every change of the board
-- that can bring a unit there (a move, the move part of a move-and-attack
-- before its combat, a unit entering), so the game may end in the middle
-- of an action; what would have followed is not done. Only the side that
-- changed the board can meet it, one at a time. True if it is met.
local function back_rank_won(self, s, log)
  if s:result() then return true end
  if s:phase() == P.place then return false end
  local side, back = s:side(), geometry(self).back_squares
  for _ = 1, 2 do
    if s:count_on(side, back[other(side)]) >= 2 then
      s:set_result(side, 1)
      tell(log, "The %s hold two places on the enemy back rank.",
           SIDE_NAME[side])
      return true
    end
    side = other(side)
  end
  return false
end

-- Looks for the end of the game once an action or a decision is complete;
-- true if it is over.
local function game_over(self, s, log)
  if back_rank_won(self, s, log) then return true end
  if s:phase() == P.place then return false end
  -- BW-W2 RULING: no unit on the board and none in reserve loses. RULING
  -- (2026-11-23): casualties an Ace could bring back do not count (without
  -- a unit, no card is ever turned); both sides gone at once (a barrage) is
  -- a draw, so this is looked at when an action or decision is complete.
  local gone1 = s:count(1) == 0 and not has_reserve(s, 1)
  local gone2 = s:count(2) == 0 and not has_reserve(s, 2)
  if gone1 and gone2 then
    s:set_result(3, 4)
    tell(log, "Neither side has a unit left.")
  elseif gone1 or gone2 then
    local winner = gone1 and GER or CAN
    s:set_result(winner, 2)
    tell(log, "The %s have no units left.", SIDE_NAME[other(winner)])
  else
    -- a position read after the last turn is a draw, as next_turn made it
    return turn_limit(self, s, log)
  end
  return true
end

-- Reinforcements (BW-A8) ---------------------------------------------------
-- Where a unit of type t may enter (BW-A8): the tank on its four squares
-- of the side's tank ranks, any other unit on an empty square of the back
-- rank. Pushes ENTER actions (square, where it comes from, type).
local function entries(self, s, side, t, from, out)
  local g = geometry(self)
  if t == TANK then
    for f = 1, self.files do
      local sq = self.rules:at(f, g.tank_rank[side])
      if s:fits(TANK, sq) then out:add(ENTER, sq, 0, 0, from, TANK) end
    end
  else
    for _, sq in ipairs(g.back_squares[side]) do
      if not s:at(sq) then out:add(ENTER, sq, 0, 0, from, t) end
    end
  end
end

-- Special cards (BW-C4) -----------------------------------------------------
-- Ace RULING (2026-11-23): its drawer chooses what enters, as a decision:
-- any unit of the reserve that can enter (infantry, the tank if its four
-- squares are empty); when the reserve holds nothing that can, a casualty
-- (infantry or machine gun; a destroyed tank never returns). Nothing
-- happens when nothing can enter. Pushes the choices; true if any.
local function ace_entries(self, s, side, out)
  local n0 = #out
  for _, from in ipairs { RESERVE, LOST } do
    local kinds = self.def.rulings.ace[from == RESERVE and "reserve" or "lost"]
    for _, name in ipairs(kinds) do
      local t = T[name]
      if offboard(s, side, t, from) > 0 and (t ~= TANK or from == RESERVE) then
        entries(self, s, side, t, from, out)
      end
    end
    if #out > n0 then return true end
  end
  return false
end

local scratch = wg.actions()
local function can_reinforce(self, s, side)
  scratch:clear()
  return ace_entries(self, s, side, scratch)
end

-- Starts resolving a special card; true if a decision is now pending.
local function start_special(self, s, kind, side, log)
  local who = SIDE_NAME[side]
  if SPECIAL_CARD[kind] == KING then
    tell(log, "The %s fire an artillery barrage: they choose the square.", who)
    s:set_phase(P.barrage)
  elseif SPECIAL_CARD[kind] == ACE then
    if not can_reinforce(self, s, side) then
      tell(log, "The %s' Ace brings no reinforcement (none left, or no "
           .. "room).", who)
      return false
    end
    tell(log, "The %s' Ace brings a reinforcement: they choose what enters, "
         .. "and where.", who)
    s:set_phase(P.reinforce)
  else
    if #ready_fighters(self, s, side) == 0 then
      tell(log, "The %s' Jack: they have no fighter left.", who)
      return false
    end
    tell(log, "The %s' Jack starts an air battle: they choose a fighter.", who)
    s:set_phase(P.air)
  end
  s:set_decider(side)
  return true
end

-- After a combat or a decision: the next special card, else back to the
-- turn's actions.
local function resume(self, s, log)
  while true do
    local kind, side = bw.pop_special(self, s)
    if not kind then break end
    if start_special(self, s, kind, side, log) then return end
  end
  s:set_phase(P.main)
  s:set_decider(0)
  combat_resolved(s, log)                                       -- BW-C6
end

-- Combat (BW-C1..C4) ------------------------------------------------------
local function is_infantry(s, pid) return s:type(pid) == INF end

-- BW-C2 an infantry attack across the wire into the enemy's side
local function over_wire(self, s, att, def)
  local w = geometry(self).wire[s:side_of(att)][rank_of(self, s:square(att))]
  return w and w[rank_of(self, s:square(def))] or false
end

-- Carries out the outcome: `loser` (attacker, defender or nil) is beaten.
-- BW-C1 an attacking machine gun (or the tank's gun) is never removed for
-- losing; BW-O3 RULING (2026-11-23): not even when a cross turns the
-- combat against it. BW-C4 RULING: a strafing fighter that loses is
-- damaged.
local function outcome(self, s, att, loser, log)
  if not loser then return end
  if loser == att then
    local t = s:type(att)
    if t == MG or t == TANK then
      if log then
        tell(log, "%s loses its attack but stays.", unit_name(self, s, att))
      end
      return
    end
    if t == FIGHTER and not self.def.rulings.strafer_loses then return end
  end
  hit(self, s, loser, log, "a strafing fighter that loses is damaged "
                           .. "(BW-C4 RULING)")
end

local function cross_open(self, s, pid)                        -- BW-O1
  if not self.opt.crosses or not is_infantry(s, pid) then return false end
  return s:var(V.crosses_used) & (1 << (s:side_of(pid) - 1)) == 0
end

-- One combat: `how` is "attack" (infantry), "fire" (a machine gun or the
-- tank's gun) or "strafe" (a fighter; no wire, no special cards).
local function combat(self, s, att, def, how, log)
  local aside, dside = s:side_of(att), s:side_of(def)
  local ac = draw(s, aside, log)                        -- attacker first
  local dc = draw(s, dside, log)
  local ab, db = card_bonus(self, s, att), card_bonus(self, s, def)
  local margin = 1
  if how == "attack" and over_wire(self, s, att, def) then   -- BW-C2
    margin = self.def.rulings.margin
  end
  if s:type(def) == TANK then margin = self.def.rulings.margin end   -- BW-C3
  local diff = (ac + ab) - (dc + db)
  local loser
  if diff >= margin then loser = def elseif diff < 0 then loser = att end
  if log then
    tell(log, "%s %s %s: %s turn %s, %s turn %s%s.", unit_name(self, s, att),
         how == "fire" and "fires at"
           or (how == "strafe" and "strafes" or "attacks"),
         unit_name(self, s, def), SIDE_NAME[aside], card_text(ac, ab),
         SIDE_NAME[dside], card_text(dc, db),
         margin > 1 and " (the attacker must win by " .. margin .. ")" or "")
    if not loser then
      tell(log, diff > 0 and "Not enough: a tie, nothing happens."
                or "A tie: nothing happens.")
    else
      tell(log, "The %s win.", SIDE_NAME[loser == def and aside or dside])
    end
  end
  -- BW-C4 special cards act after the combat, the attacker's first; never
  -- in a strafe (nor in barrage or dogfight draws, which are not combats)
  if how ~= "strafe" then
    if SPECIAL[ac] then bw.push_special(self, s, SPECIAL[ac], aside) end
    local both_jacks = ac == JACK and dc == JACK
                       and self.def.rulings.jacks == "attacker"
    if SPECIAL[dc] and not both_jacks then
      bw.push_special(self, s, SPECIAL[dc], dside)
    end
  end
  if loser and cross_open(self, s, loser) then                 -- BW-O1
    s:set_var(V.attacker, att)
    s:set_var(V.defender, def)
    s:set_phase(P.cross)
    s:set_decider(s:side_of(loser))
    tell(log, "The %s may award the %s.", SIDE_NAME[s:side_of(loser)],
         CROSS_NAME[s:side_of(loser)])
    return
  end
  outcome(self, s, att, loser, log)
  resume(self, s, log)
end

-- BW-G2 poison gas, once per game, for one side
local function gas_open(self, s, side)
  local gas = self.def.rulings.gas
  return gas and gas.side == side and s:var(V.gas_used) == 0
end

-- Legal actions --------------------------------------------------------------
local function main_actions(self, s, out)
  local side, left, now = s:side(), s:left(), s:turn() + 1
  local in_place = self.def.rulings.attack_in_place
  for _, pid in ipairs(s:pieces(side)) do
    local t = s:type(pid)
    if t == INF then
      local _, _, done, new = s:fields(pid)
      if done ~= now then                                       -- BW-A4
        s:trace_piece(out, pid, MOVE, "move")                   -- BW-A2
        if new ~= now then                                      -- BW-A8
          if in_place then
            s:trace_via(out, pid, ATTACK)                       -- BW-A3
          else
            local n0 = #out
            s:trace_via(out, pid, ATTACK)
            local keep = n0
            for i = n0 + 1, #out do
              local a = out:get(i)
              local _, from, _, via = wg.fields(a)
              if via ~= from then keep = keep + 1; out:set(keep, a) end
            end
            out:truncate(keep)
          end
        end
      end
    elseif t == MG then
      -- BW-A8 a machine gun an Ace brought back this turn cannot fire.
      -- RULING?: firing is the gun's attack (BW-C1 "its own attack"), so
      -- "cannot attack that turn" (BW-C4) stops it, and the tank's gun too.
      if s:field(pid, F_NEW) ~= now then
        s:trace_fire(out, pid, FIRE)                            -- BW-A5
      end
    elseif t == TANK then
      if s:field(pid, F_NEW) ~= now then                        -- BW-A8
        s:trace_fire(out, pid, FIRE)                            -- BW-A7
      end
      if left >= 2 then s:trace_piece(out, pid, MOVE, "move") end   -- BW-A6
    end
  end
  if left >= 2 then                                             -- BW-A8
    for _, t in ipairs { INF, TANK } do
      if offboard(s, side, t, RESERVE) > 0 then
        entries(self, s, side, t, RESERVE, out)
      end
    end
  end
  out:add(PASS)                                                 -- BW-A1
end

-- The squares of the side's setup ranks, row[k][f] on its k-th, and the
-- placement actions onto them, placing[t][sq] (BW-S3): worked out once per
-- game, for the placement phase's every node.
local function setup_rows(self, side)
  local all = rawget(self, "blockwars_setup")
  if not all then
    all = { rows = {}, placing = {} }
    for sd = 1, 2 do
      local army, rows = self.def.armies[self.sides[sd]], {}
      for k = 1, #army.ranks do
        rows[k] = {}
        for f = 1, self.files do
          rows[k][f] = self.rules:at(f, army.ranks[k])
        end
      end
      all.rows[sd] = rows
    end
    for _, t in ipairs { INF, MG } do
      all.placing[t] = {}
      for sq = 1, self.files * self.ranks do
        all.placing[t][sq] = wg.act(ENTER, sq, 0, 0, 0, t)
      end
    end
    self.blockwars_setup = all
  end
  return all.rows[side], all.placing
end

-- The side's pieces on its k-th setup rank, by type id (one table, reused
-- by every call); `on`, if given, holds what stands on each of its squares
-- (a piece or false).
local tally = {}
local function placed_on(self, s, side, k, on)
  for t in pairs(tally) do tally[t] = 0 end
  for _, sq in ipairs(setup_rows(self, side)[k]) do
    local pid
    if on then pid = on[sq] else pid = s:at(sq) end
    if pid and s:side_of(pid) == side then
      local t = s:type(pid)
      tally[t] = (tally[t] or 0) + 1
    end
  end
  return tally
end

-- BW-S3 what is still to be placed of type t on the side's k-th setup
-- rank, there being the side's pieces on it by type (placed_on)
local function quota_of(self, side, k, t, there)
  local army = self.def.armies[self.sides[side]]
  local want = army.setup[k] and army.setup[k][self.type_names[t]] or 0
  return want - (there[t] or 0)
end

local function quota_left(self, s, side, k, t)
  return quota_of(self, side, k, t, placed_on(self, s, side, k))
end

local on, left = {}, { {}, {} }  -- placements' scratch tables
local function placements(self, s, out)
  local side = s:side()
  local army = self.def.armies[self.sides[side]]
  local rows, placing = setup_rows(self, side)
  -- one look at the setup squares, and each rank's quotas from it
  for k = 1, #army.setup do
    for _, sq in ipairs(rows[k]) do on[sq] = s:at(sq) or false end
    local there = placed_on(self, s, side, k, on)
    left[1][k] = quota_of(self, side, k, INF, there)
    left[2][k] = quota_of(self, side, k, MG, there)
  end
  for i, t in ipairs { INF, MG } do
    for k = 1, #army.setup do
      if left[i][k] > 0 then
        for _, sq in ipairs(rows[k]) do
          if not on[sq] then out:push(placing[t][sq]) end
        end
      end
    end
  end
end

function game:actions(s, out)
  if s:result() then return end
  local phase, decider = s:phase(), s:decider()
  if phase == P.main then
    main_actions(self, s, out)
  elseif phase == P.place then
    placements(self, s, out)
  elseif phase == P.barrage then
    local can_gas = gas_open(self, s, decider)
    for sq = 1, self.files * self.ranks do
      out:add(BARRAGE, sq)
      if can_gas then out:add(BARRAGE, sq, 0, 1) end            -- BW-G2
    end
  elseif phase == P.reinforce then
    ace_entries(self, s, decider, out)                          -- BW-C4
  elseif phase == P.air then
    for _, k in ipairs(ready_fighters(self, s, decider)) do
      out:add(FLY, k)
    end
  elseif phase == P.dogfight then
    out:add(DOGFIGHT, 0)
    for _, k in ipairs(ready_fighters(self, s, decider)) do
      out:add(DOGFIGHT, k)
    end
  elseif phase == P.strafe then
    for _, pid in ipairs(s:pieces(other(decider))) do
      if s:type(pid) ~= TANK then out:add(STRAFE, s:square(pid)) end   -- BW-C4
    end
  elseif phase == P.cross then
    out:add(CROSS, 1)
    out:add(CROSS, 0)
  end
end

-- Effects ---------------------------------------------------------------------
local function strafe_or_resume(self, s, side, log)
  for _, pid in ipairs(s:pieces(other(side))) do
    if s:type(pid) ~= TANK then
      s:set_phase(P.strafe)
      s:set_decider(side)
      tell(log, "The %s choose what to strafe.", SIDE_NAME[side])
      return
    end
  end
  tell(log, "There is nothing to strafe.")
  resume(self, s, log)
end

local function in_range(card, hits)
  return card >= hits[1] and card <= hits[2]
end

-- BW-C4 King: one card per unit on or next to the square, either side
local function barrage(self, s, sq, gas, log)
  local side = s:decider()
  local hits = self.def.rulings.barrage
  if gas then                                                   -- BW-G2
    hits = self.def.rulings.gas.hits
    s:set_var(V.gas_used, 1)
  end
  tell(log, "%s on %s (hits on %d-%d).",
       gas and "Poison gas" or "The barrage falls",
       self.rules:name(sq), hits[1], hits[2])
  local x, y = self.rules:coords(sq)
  local units, seen = {}, {}
  for dy = -1, 1 do
    for dx = -1, 1 do
      local t = self.rules:at(x + dx, y + dy)
      local pid = t and s:at(t)
      if pid and not seen[pid] then
        seen[pid] = true
        units[#units + 1] = pid
      end
    end
  end
  if #units == 0 then tell(log, "No unit is there.") end
  for _, pid in ipairs(units) do
    local card = draw(s, side, log)
    if log then
      tell(log, "%s for %s.", CARD_NAME[card], unit_name(self, s, pid))
    end
    if in_range(card, hits) then hit(self, s, pid, log) end
  end
  resume(self, s, log)
end

-- BW-C4 Jack: the dogfight, then the strafe
local function dogfight(self, s, k, log)
  local defender = s:decider()
  local plane = s:var(V.plane)
  local side = other(defender)
  if k == 0 then
    tell(log, "The %s let it pass.", SIDE_NAME[defender])
    return strafe_or_resume(self, s, side, log)
  end
  local mine = bw.fighters(self, s, defender)[k]
  local ac, dc = draw(s, side, log), draw(s, defender, log)
  local ab, db = card_bonus(self, s, plane), card_bonus(self, s, mine)
  if log then
    tell(log, "Dogfight: %s turns %s, %s turns %s.", unit_name(self, s, plane),
         card_text(ac, ab), unit_name(self, s, mine), card_text(dc, db))
  end
  local diff = (ac + ab) - (dc + db)
  local lost = "the lower card's plane in a dogfight is damaged (BW-C4)"
  if diff < 0 then
    hit(self, s, plane, log, lost)
    tell(log, "The strafe is off.")
    return resume(self, s, log)
  end
  if diff > 0 then hit(self, s, mine, log, lost) else tell(log, "A tie.") end
  strafe_or_resume(self, s, side, log)
end

local function spend_on(s, pid, n)
  s:spend(n)
  if pid then s:set_field(pid, F_DONE, s:turn() + 1) end
end

-- A unit of type t enters from the reserve or from the casualties (from).
local function place_unit(self, s, side, t, sq, from, log)
  local _, pid = offboard(s, side, t, from)
  enter(s, pid, sq)
  if log then
    tell(log, from == LOST and "%s comes back." or "%s enters.",
         unit_name(self, s, pid))
  end
end

-- BW-S3 placement: when a side has placed everything, the other places;
-- then the first turn begins (BW-S5)
local function placed(self, s, sq, t)
  local side = s:side()
  local _, pid = offboard(s, side, t, WAITING)
  s:place(pid, sq)
  s:set_field(pid, F_OFF, ON)
  if s:offboard(side, nil, F_OFF, WAITING) > 0 then return end
  local rest = other(side)
  if side == self.def.rulings.place_first
     and s:offboard(rest, nil, F_OFF, WAITING) > 0 then
    s:set_side(rest)
    return
  end
  s:set_phase(P.main)
  s:set_side(self.def.rulings.first)
  s:set_left(self.def.actions_per_turn)
end

function game:play(s, a, log)
  local kind, x, y, z, from, e = wg.fields(a)
  local phase = s:phase()
  if phase == P.place then
    placed(self, s, x, e)
  elseif kind == MOVE then
    local pid = s:at(x)
    if s:type(pid) == TANK then
      spend_on(s, nil, 2)                                       -- BW-A6
    else
      spend_on(s, pid, 1)                                       -- BW-A2, BW-A4
    end
    s:move(pid, y)
  elseif kind == ATTACK then                                    -- BW-A3
    local pid = s:at(x)
    spend_on(s, pid, 1)
    if z ~= x then s:move(pid, z) end
    -- BW-W1 RULING: a move onto the enemy back rank may win before the attack
    if not back_rank_won(self, s, log) then
      combat(self, s, pid, s:at(y), "attack", log)
    end
  elseif kind == FIRE then                                      -- BW-A5, BW-A7
    spend_on(s, nil, 1)
    combat(self, s, s:at(x), s:at(y), "fire", log)
  elseif kind == ENTER and phase == P.main then                 -- BW-A8
    spend_on(s, nil, 2)
    place_unit(self, s, s:side(), e, x, from, log)
  elseif kind == ENTER then                                     -- BW-C4 Ace
    place_unit(self, s, s:decider(), e, x, from, log)
    if not back_rank_won(self, s, log) then resume(self, s, log) end
  elseif kind == PASS then
    tell(log, "The %s end their turn.", SIDE_NAME[s:side()])
    next_turn(self, s, log)
  elseif kind == BARRAGE then
    barrage(self, s, x, z == 1, log)
  elseif kind == FLY then
    local side = s:decider()
    local plane = bw.fighters(self, s, side)[x]
    s:set_var(V.plane, plane)
    if log then tell(log, "%s flies to strafe.", unit_name(self, s, plane)) end
    if #ready_fighters(self, s, other(side)) > 0 then
      s:set_phase(P.dogfight)
      s:set_decider(other(side))
      tell(log, "The %s may answer with a fighter.", SIDE_NAME[other(side)])
    else
      strafe_or_resume(self, s, side, log)
    end
  elseif kind == DOGFIGHT then
    dogfight(self, s, x, log)
  elseif kind == STRAFE then
    combat(self, s, s:var(V.plane), s:at(x), "strafe", log)
  elseif kind == CROSS then                                     -- BW-O1
    local att, def = s:var(V.attacker), s:var(V.defender)
    local side = s:decider()
    local loser = s:side_of(att) == side and att or def
    if x == 1 then
      s:set_var(V.crosses_used, s:var(V.crosses_used) | (1 << (side - 1)))
      tell(log, "The %s award the %s: defeat becomes victory.", SIDE_NAME[side],
           CROSS_NAME[side])
      loser = loser == att and def or att
    end
    outcome(self, s, att, loser, log)
    resume(self, s, log)
  end
  if not game_over(self, s, log) and s:phase() == P.main and s:left() == 0 then
    next_turn(self, s, log)
  end
end

-- End of game ----------------------------------------------------------------
function game:result(s)
  local winner, reason = s:result()
  if not winner then return nil end
  return winner == 3 and 0 or winner, self.def.reasons[reason]
end

local outcome_of = game.outcome
function game:outcome(s)
  local o = outcome_of(self, s)
  if o and o.winner ~= 0 then
    o.text = string.format("the %s win (%s)", SIDE_NAME[o.winner], o.reason)
  end
  return o
end

-- The built-in opponent's judgement: units, reserves and fighters, and
-- progress toward the enemy back rank.
function game:evaluate(s, side)
  local sum = 0
  for pid = 1, s:npieces() do
    local t, ps, sq = s:piece(pid)
    local off = s:field(pid, F_OFF)
    local v = 0
    if sq ~= 0 then
      v = t == TANK and 4 - 1.5 * s:field(pid, F_DAMAGE)
          or (t == MG and 1.5 or 1)
      if t == INF then
        local r = rank_of(self, sq)
        v = v + 0.05 * (progress(self, ps, r) + 1)
            + (r == geometry(self).back[other(ps)] and 0.5 or 0)
      end
    elseif off == RESERVE then
      v = t == FIGHTER and 0.5 - 0.25 * s:field(pid, F_DAMAGE)
          or (t == TANK and 3 or 0.8)
    end
    sum = sum + (ps == side and v or -v)
  end
  return sum
end

-- The AI's order of trial: machine-gun fire first (it risks nothing, BW-C1),
-- then moves toward the enemy, attacks, reinforcements, other moves, passing.
local keys = {}
function game:order(s, out)
  local side = s:decider()
  for i = 1, out:size() do
    local kind, x, y = wg.fields(out:get(i))
    local key = 0
    if kind == FIRE then
      key = 100
    elseif kind == MOVE then
      key = 40 + 10 * (progress(self, side, rank_of(self, y))
                       - progress(self, side, rank_of(self, x)))
    elseif kind == ATTACK then
      key = 35
    elseif kind == ENTER then
      key = 20
    end
    keys[i] = key
  end
  out:order(keys)
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

function game:macros(s)
  return s:phase() == P.place and MACROS or {}
end

-- The standard setup as a state, read once per game (a variant's own).
local standard_of = setmetatable({}, { __mode = "k" })
local function standard(self)
  local st = standard_of[self]
  if not st then
    st = self.rules:new_state()
    assert(wg.fen.read_board(self, st, self.def.standard))  -- game:validate
    standard_of[self] = st
  end
  return st
end

-- Is placement a (unit type e on square x) the standard setup's?
local function standard_square(self, side, a)
  local _, x, _, _, _, e = wg.fields(a)
  local pid = standard(self):at(x)
  return pid and standard(self):type(pid) == e
         and standard(self):side_of(pid) == side
end

function game:macro(s, text, seed)
  local which = text:lower():match("^%s*place%s+(%a+)%s*$")
  if which ~= "standard" and which ~= "random" then return nil end
  if s:phase() ~= P.place then
    return false, "place " .. which .. " places your units in the placement "
                  .. "phase (BW-S3), which is over"
  end
  local c, side, list = s:copy(), s:side(), {}
  c:seed(seed or 0)
  while c:phase() == P.place and c:side() == side do
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

-- Notation --------------------------------------------------------------------
-- How play's `moves` groups the actions: a unit's under its square (the
-- tank's lower left), then the reinforcements and pass; a decision, and a
-- placement, under its phase's name.
function game:action_group(s, a)
  local kind, x = wg.fields(a)
  if s:phase() ~= P.main then return self.def.phases[s:phase()] end
  if kind == MOVE or kind == ATTACK or kind == FIRE then
    return s:square(s:at(x))
  end
  return kind == ENTER and "reinforcements" or "pass"
end

function game:action_text(s, a)
  local kind, x, y, z, _, e = wg.fields(a)
  local name = function(sq) return self.rules:name(sq) end
  if kind == MOVE then return name(x) .. name(y) end
  if kind == ATTACK then
    return name(x) .. (z ~= x and name(z) or "") .. "x" .. name(y)
  end
  if kind == FIRE then return name(x) .. "x" .. name(y) end
  if kind == ENTER then return self.type_letter[e] .. "@" .. name(x) end
  if kind == PASS then return "pass" end
  if kind == BARRAGE then
    return (z == 1 and "gas " or "barrage ") .. name(x)
  end
  if kind == FLY then return "fly " .. x end
  if kind == DOGFIGHT then
    return x == 0 and "no dogfight" or "dogfight " .. x
  end
  if kind == STRAFE then return "strafe " .. name(x) end
  if kind == CROSS then return x == 1 and "cross" or "no cross" end
  return "?"
end

-- How an action is drawn (wargrid.svg): moves as arrows, attacks and shots
-- as strikes, a barrage on the squares it hits (BW-C4), an entry or a
-- strafe on its square; decisions without a square draw nothing.
function game:action_marks(a)
  local kind, x, y, z = wg.fields(a)
  if kind == MOVE then return { { "move", x, y } } end
  if kind == ATTACK then
    if z == x then return { { "strike", x, y } } end
    return { { "move", x, z }, { "strike", z, y } }
  end
  if kind == FIRE then return { { "strike", x, y } } end
  if kind == ENTER then return { { "ring", x } } end
  if kind == STRAFE then return { { "ring", x, label = "strafe" } } end
  if kind == BARRAGE then
    local f, r = self.rules:coords(x)
    local squares = {}
    for dr = -1, 1 do
      for df = -1, 1 do
        squares[#squares + 1] = self.rules:at(f + df, r + dr)
      end
    end
    return { { "area", squares, label = z == 1 and "gas" or "barrage" } }
  end
  return {}
end


-- Position text and drawing ---------------------------------------------------
-- Modules of this folder; they read these rules.
local shared = { game_over = game_over, quota_left = quota_left,
                 can_reinforce = can_reinforce, cross_open = cross_open,
                 gas_open = gas_open, geometry = geometry,
                 ready_fighters = ready_fighters, ace_entries = ace_entries }
require("blockwars.position")(game, shared)
require("blockwars.render")(game, shared)
require("blockwars.why")(game, shared)

return game
