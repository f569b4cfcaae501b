-- Block Wars 1.1, a WWI skirmish with cards: the rules as its rulebook
-- (rules.md, beside this file) gives them, with its rulings, section by
-- section, with rule IDs where each is implemented. Every number the
-- rulebook states and every RULING is a key of the declaration (KEYS,
-- listed by `wargrid help variants blockwars`), read through the game, so
-- a house variant changes one in a line; game:validate refuses data that
-- leaves a rule in force impossible. The other files of the folder hold
-- what is not a rule: text.lua the notation, the position text and the
-- names the game tells, why.lua the reasons an action is illegal, look.lua
-- the board as the players see it, ai.lua the built-in opponent's
-- judgement.
--
-- Sides: 1 the Canadians (ranks 1-3, facing rank 8, upper-case letters),
-- 2 the Germans (ranks 6-8, facing rank 1, lower case). Letters: I infantry,
-- M machine gun, T the tank (on its four squares); fighters never stand on
-- the board.
local wg = require "wargrid"

-- The keys of Block Wars' declaration beyond every game's (wargrid.schema).
local RANKS, CARDS = "list of integer", "list of integer"
-- A whole number, or a yes or no, that a rule states.
local function number(rule, help)
  return { type = "integer", rule = rule, help = help }
end
local function flag(rule, help)
  return { type = "boolean", rule = rule, help = help }
end
local KEYS = {
  no_mans_land = { type = RANKS, rule = "BW-B1",
                   help = "the ranks between the armies" },
  wire = { type = "list", rule = "BW-C2",
           help = "the wire: the pairs of ranks it runs between",
           each = { type = RANKS, help = "the ranks either side of it" } },
  armies = { type = "map", rule = "BW-S1 BW-S2",
             help = "each side's army, by name", each = { type = "table",
             help = "an army", fields = {
    ranks = { type = RANKS, rule = "BW-B1",
              help = "its ranks, its back rank first (BW-A8, BW-W1)" },
    setup = { type = "list", rule = "BW-S1 BW-S2",
              help = "what it places on each of its ranks, in order",
              each = { type = "map of integer",
                       help = "how many of each piece type" } },
    reserve = { type = "map of integer", rule = "BW-S1 BW-S2",
                help = "what it holds back" },
    fighters = number("BW-S1 BW-S2", "its fighters, in the air (BW-C4)"),
    tank_ranks = { type = RANKS, rule = "BW-A8",
                   help = "the ranks its tank enters on" },
  } } },
  standard = { type = "string", rule = "BW-S3",
               help = "the standard setup (option setup=standard), as "
                      .. "position text's board" },
  place_first = number("BW-S3", "the side that places first (RULING)"),
  suits = number("BW-S4", "the cards of each value, 2 to Ace, in the pack"),
  first_turn = number("BW-S5", "the side that takes the first turn (RULING)"),
  attack_in_place = flag("BW-A3", "an attack's move part may be 0 squares "
                                  .. "(RULING)"),
  tank_move_cost = number("BW-A6", "the actions a move of the tank takes"),
  reinforcement_cost = number("BW-A8", "the actions a reinforcement takes"),
  wire_margin = number("BW-C2", "what an attack over the wire must win by"),
  tank_margin = number("BW-C3", "what an attack on the tank must win by"),
  tank_hits = number("BW-C3", "the hits that destroy the tank"),
  specials = { type = "map of string", rule = "BW-C4",
               help = "the card (2-9, T, J, Q, K, A) that opens each "
                      .. "special phase: barrage, reinforce, air" },
  barrage = { type = CARDS, rule = "BW-C4",
              help = "the cards a barrage hits on, lowest and highest "
                     .. "(RULING)" },
  barrage_reach = number("BW-C4",
                         "how far from its square a barrage hits units"),
  ace = { type = "table", rule = "BW-C4",
          help = "what an Ace may bring in (RULING)", fields = {
    reserve = { type = "list of string", help = "piece types of the reserve" },
    lost = { type = "list of string",
             help = "else casualties of these types" },
  } },
  jacks = { type = "string", rule = "BW-C4",
            help = "\"attacker\": a combat whose two cards open air battles "
                   .. "(two Jacks) opens one, the attacker's (RULING)" },
  fighter_hits = number("BW-C4", "the hits that destroy a fighter"),
  strafer_loses = flag("BW-C4", "a strafing fighter that loses is damaged "
                                .. "(RULING)"),
  gas = { type = "table", rule = "BW-G2",
          help = "poison gas, once a game (false: none)", fields = {
    side = { type = "integer", help = "the side that has it" },
    hits = { type = CARDS, help = "the cards it hits on, lowest and highest" },
  } },
  win_units = number("BW-W1", "the units on the enemy back rank that win"),
  ace_bonus = number("BW-O2", "what the ace adds to its cards (option aces)"),
  damage_malus = number("BW-O2", "what a damaged fighter takes off its cards "
                                 .. "(option aces)"),
}

local CAN, GER = 1, 2                 -- the sides, in the declaration's order

-- A phase of a decision another action asks for (BW-C5): its actions are
-- the method NAME_actions, its help what the player concerned does.
local function decision(name, rule, help)
  return { name = name, rule = rule, help = help, decision = true,
           actions = name .. "_actions" }
end

local game = wg.game {
  name = "blockwars",
  keys = KEYS,
  title = "Block Wars",

  -- Board, sides, setup --------------------------------------------------
  -- BW-B1 8x8; Canadians ranks 1-3, Germans ranks 6-8, No Man's Land 4-5;
  -- wire along the edges 5|6 and 3|4 (it does not hinder movement, BW-A8).
  -- Ranks are counted from the Canadians' edge.
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
  no_mans_land = { 4, 5 },
  wire = { { 3, 4 }, { 5, 6 } },   -- BW-C2 the ranks either side of a wire

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
  place_first = GER,        -- BW-S3 RULING: the Germans place first
  -- BW-S3 RULING: the standard setup (option setup=standard) skips the
  -- placement phase. Germans: c8-f8, c7-f7, a6 b6 d6 e6 g6 h6 with machine
  -- guns c6 and f6; Canadians: a1-d1, a2-d2, a3-d3 f3-h3 with the machine
  -- gun on e3, leaving e1-h2 free for the tank to enter.
  standard = "2iiii2/2iiii2/iimiimii/8/8/IIIIMIII/IIII4/IIII4",

  -- BW-S4 one deck per side, face down, from a pack of 4 suits of 2 to Ace
  -- (ace high). BW-C6 the cards turned in a combat lie face up (showing)
  -- until it is resolved, with everything its special cards set off; then
  -- they join the turned cards, which wait for the next reshuffle. BW-H1
  -- nobody sees the order of a face-down deck.
  decks = { canadians = {}, germans = {}, showing = { open = true },
            turned = { open = true } },
  suits = 4,
  first_turn = GER,         -- BW-S5 RULING: the Germans take the first turn

  -- Turns and actions ----------------------------------------------------
  actions_per_turn = 2,                                     -- BW-A1
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
                      damage = 2 },           -- drawn with its hits (field 2)
             shape = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } },
             fire = { range = 2, arc = 180, corner = "both",
                      immune = { "tank" } } },
    fighter = { letter = "f", value = 0.5, rule = "BW-C4",  -- off the board
                help = "never on the board: a Jack sends one to strafe, and "
                       .. "the other side may answer in a dogfight (BW-C4)",
                look = { glyph = "fighter", shape = "counter", turn = true } },
  },
  attack_in_place = true,   -- BW-A3 RULING: the move part may be 0 squares
  tank_move_cost = 2,       -- BW-A6 both actions
  reinforcement_cost = 2,   -- BW-A8 both actions

  -- Combat ---------------------------------------------------------------
  wire_margin = 2,          -- BW-C2 over the wire, win by 2
  tank_margin = 2,          -- BW-C3 against the tank, win by 2
  tank_hits = 2,            -- BW-C3 the second damage destroys the tank
  -- BW-C4 the special cards, by the phase each opens
  specials = { barrage = "K", reinforce = "A", air = "J" },
  barrage = { 2, 3 },       -- BW-C4 RULING: a barrage hits on 2-3
  barrage_reach = 1,        -- BW-C4 the square and those next to it
  -- BW-C4 RULING: what an Ace may bring in, the drawer's choice: a unit of
  -- the reserve of these types, else a casualty of these (never the tank: a
  -- destroyed tank never returns)
  ace = { reserve = { "infantry", "tank" },
          lost = { "infantry", "machinegun" } },
  jacks = "attacker",       -- BW-C4 RULING: two Jacks, one air battle
  fighter_hits = 2,         -- BW-C4 damaged, then destroyed
  strafer_loses = true,     -- BW-C4 RULING: a beaten strafer is damaged

  -- What only the Germans have, winning, options -------------------------
  gas = { side = GER, hits = { 2, 6 } },                    -- BW-G2
  win_units = 2,            -- BW-W1 two units on the enemy back rank
  ace_bonus = 1,            -- BW-O2 the ace adds 1
  damage_malus = 1,         -- BW-O2 a damaged plane takes 1 off

  -- The phases (BW-C5), stored in the state by their order here. Every
  -- choice these rules leave to a player is a decision of a phase of its
  -- own, taken among its actions; after it the turn's actions resume.
  phases = {
    { name = "main", rule = "BW-A1", actions = "main_actions",
      help = "the side to act takes its two actions, or passes" },
    { name = "place", rule = "BW-S3", actions = "place_actions",
      next = "main",
      help = "the Germans, then the Canadians place their units, one per "
             .. "action" },
    decision("cross", "BW-O1", "choose whether to award their cross (cross, "
                               .. "no cross)"),
    decision("barrage", "BW-C4", "choose where the King's barrage falls "
                                 .. "(barrage e4)"),
    decision("reinforce", "BW-C4", "choose what their Ace brings in, and "
                                   .. "where (i@a1, t@e1)"),
    decision("air", "BW-C4", "choose which fighter their Jack sends to "
                             .. "strafe (fly 1)"),
    decision("dogfight", "BW-C4", "choose whether to answer the strafing "
                                  .. "fighter (dogfight 1, no dogfight)"),
    decision("strafe", "BW-C4", "choose what the strafing fighter attacks "
                                .. "(strafe e4)"),
  },
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

-- Ids of pieces, variables and decks. A variant keeps them as long as it
-- keeps their names, which game:validate checks; phases are read through
-- the game (self.P), as a variant may drop one.
local T, V = game.T, game.V
local INF, MG, TANK, FIGHTER = T.infantry, T.machinegun, T.tank, T.fighter
local DECK = { game.D.canadians, game.D.germans }
local SHOWING, TURNED = game.D.showing, game.D.turned

local function other(side) return 3 - side end

-- What the state keeps of a unit (s:field): where it is when off the board,
-- its damage (the tank, fighters), the turn it last moved or attacked and
-- the turn it entered (turn numbers from 1). Every unit is on the board, in
-- reserve, lost, or still to be placed; fighters are in reserve (ready) or
-- lost (destroyed).
local F_OFF, F_DAMAGE, F_DONE, F_NEW = 1, 2, 3, 4
local ON, RESERVE, LOST, WAITING = 0, 1, 2, 3
local STATUS = { field = F_OFF, damage = F_DAMAGE, done = F_DONE, new = F_NEW,
                 on = ON, reserve = RESERVE, lost = LOST, waiting = WAITING }
-- game:status() -> those fields and places, by name, for the other parts
-- of the game and for specs that check no unit is ever lost
function game.status() return STATUS end

-- Action kinds; game.kinds() -> them by name, for the other parts.
local MOVE, ATTACK, FIRE, ENTER, PASS = 1, 2, 3, 4, 5
local BARRAGE, FLY, DOGFIGHT, STRAFE, CROSS = 6, 7, 8, 9, 10
local KINDS = { move = MOVE, attack = ATTACK, fire = FIRE, enter = ENTER,
                pass = PASS, barrage = BARRAGE, fly = FLY,
                dogfight = DOGFIGHT, strafe = STRAFE, cross = CROSS }
function game.kinds() return KINDS end

-- BW-S4 the cards' values, 2 to 14 (ace high), as position text writes them.
local CARD_CHARS = "23456789TJQKA"
function game.card_value(char)
  local i = CARD_CHARS:find(char, 1, true)
  return i and i + 1
end
function game.card_char(v) return CARD_CHARS:sub(v - 1, v - 1) end

-- BW-C4 the special cards, by the number the queue of cards still to
-- resolve keeps (the state stores it): the phase each opens.
local SPECIALS = { "barrage", "reinforce", "air" }

-- game:special_card(kind) -> the value of the card that opens the special
-- phase numbered kind, or nil: a variant without that phase has no such
-- card
function game:special_card(kind)
  local name = SPECIALS[kind]
  local card = self.P[name] and self.def.specials[name]
  return card and self.card_value(card)
end

-- What the rules compile from the declaration once (a variant has its
-- own): each side's back rank and its squares, its setup ranks' squares,
-- where its tank enters; the wire by attacker, from rank to rank; the
-- placement actions; the standard setup as a state; the special cards by
-- value.
function game:prepare()
  local R, def = self.rules, self.def
  local p = { back = {}, back_squares = {}, rows = {}, tank_rank = {},
              wire = { {}, {} }, placing = {}, special = {} }
  for side = 1, 2 do
    local army = def.armies[self.sides[side]]
    p.back[side] = army.ranks[1]
    p.back_squares[side], p.rows[side] = {}, {}
    for f = 1, self.files do
      p.back_squares[side][f] = R:at(f, p.back[side])
    end
    for k, r in ipairs(army.ranks) do
      p.rows[side][k] = {}
      for f = 1, self.files do p.rows[side][k][f] = R:at(f, r) end
    end
    if army.tank_ranks then
      p.tank_rank[side] = math.min(table.unpack(army.tank_ranks))
    end
  end
  -- BW-C2 a wire edge crossed from No Man's Land into the enemy's ranks
  local nml = {}
  for _, r in ipairs(def.no_mans_land) do nml[r] = true end
  for _, edge in ipairs(def.wire) do
    for _, from in ipairs { edge[1], edge[2] } do
      local to = from == edge[1] and edge[2] or edge[1]
      for side = 1, 2 do
        for _, r in ipairs(def.armies[self.sides[other(side)]].ranks) do
          if nml[from] and r == to then
            p.wire[side][from] = p.wire[side][from] or {}
            p.wire[side][from][to] = true
          end
        end
      end
    end
  end
  for _, t in ipairs { INF, MG } do                              -- BW-S3
    p.placing[t] = {}
    for sq = 1, self.files * self.ranks do
      p.placing[t][sq] = wg.act(ENTER, sq, 0, 0, 0, t)
    end
  end
  local standard = R:new_state()                      -- BW-S3 (validated)
  if wg.fen.read_board(self, standard, def.standard) then
    p.standard = standard
  end
  for kind in ipairs(SPECIALS) do                               -- BW-C4
    local card = self:special_card(kind)
    if card then p.special[card] = kind end
  end
  return p
end

-- game:prepared() as the rules' hot paths read it: the field it keeps first
local function prepared(self)
  return self.prepared_data or self:prepared()
end

local function rank_of(self, sq) return select(2, self.rules:coords(sq)) end

-- game:progress(side, r) -> how far rank r is from the side's back rank:
-- 0 there, 1 the next ...
function game:progress(side, r)
  return math.abs(r - prepared(self).back[side])
end

-- Units off the board, and fighters ----------------------------------------
-- offboard(s, side, t, where) -> how many of the side's pieces of type t
-- (nil: any) are off the board there, and the first of them
local function offboard(s, side, t, where)
  return s:offboard(side, t, F_OFF, where)
end
game.offboard = offboard

-- game:fighters(s, side) -> the side's fighters, by number (1, 2, ...)
function game.fighters(_, s, side)
  local out, fighter = {}, FIGHTER
  for pid = 1, s:npieces() do
    local pt, ps = s:piece(pid)
    if pt == fighter and ps == side then out[#out + 1] = pid end
  end
  return out
end

-- game:fighter_index(s, pid) -> the number of a fighter among its side's
function game.fighter_index(_, s, pid)
  local side, k = s:side_of(pid), 0
  for q = 1, pid do
    if s:type(q) == FIGHTER and s:side_of(q) == side then k = k + 1 end
  end
  return k
end

-- game:ready_fighters(s, side) -> the numbers of the side's fighters not
-- destroyed (BW-C4)
function game:ready_fighters(s, side)
  local out = {}
  for k, pid in ipairs(self:fighters(s, side)) do
    if s:field(pid, F_OFF) ~= LOST then out[#out + 1] = k end
  end
  return out
end

-- game:tank_damage(s) -> the damage of the tank on the board (0 without one)
function game.tank_damage(_, s)
  for side = 1, 2 do
    for _, pid in ipairs(s:pieces(side)) do
      if s:type(pid) == TANK then return s:field(pid, F_DAMAGE) end
    end
  end
  return 0
end

-- Validation ----------------------------------------------------------------
-- game:validate(), asked by the loader: a variant whose data leaves one of
-- these rules impossible is refused in one line naming the rule and what
-- to override. A variant may move every rank, change the board, and drop a
-- phase: a rule whose phase is dropped is not in force.
local SETUP_RULE = { "BW-S2", "BW-S1" }         -- by side: whose setup

local function check_ids(self)
  for _, k in ipairs {
    { T, self.T, "BW-S1 BW-S2: the rules need the piece type %s; change "
                 .. "pieces.%s rather than remove it" },
    { V, self.V, "BW-C4: the rules need the counter %s (vars.%s)" },
    { game.D, self.D, "BW-S4: the rules need the deck %s (decks.%s)" },
  } do
    for name, id in pairs(k[1]) do
      if k[2][name] ~= id then return k[3]:format(name, name) end
    end
  end
  if not self.P.main then
    return "BW-A1: the rules need the phase main, the turn's actions "
           .. "(phases.main)"
  end
  if self.P.air and not self.P.strafe then
    return "BW-C4: an air battle ends in a strafe: drop phases.air with "
           .. "phases.strafe"
  end
  if not self.P.place and self.opt.setup == "placement" then
    return "BW-S3: without the placement phase the game starts from the "
           .. "standard setup: drop the option too (options = { setup = "
           .. "false })"
  end
end

local function check_ranks(self)
  local def, nranks = self.def, self.ranks
  local function on_board(r)
    return math.type(r) == "integer" and r >= 1 and r <= nranks
  end
  if self.files < def.win_units then
    return ("BW-W1: a back rank of %d squares never holds %d units; "
            .. "override board.files"):format(self.files, def.win_units)
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
                           self:army(side)
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
                  self:adjective(side), self.type_names[t], r,
                  self:army(side), want)
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

-- BW-C4 every special card is a card of the pack
local function check_specials(self)
  for name, char in pairs(self.def.specials) do
    if not self.card_value(char) or #char ~= 1 then
      return ("BW-C4: the special card of %s, '%s', is no card (2-9, T, J, "
              .. "Q, K, A); override specials"):format(name, char)
    end
  end
end

function game:validate()
  local err = check_ids(self) or check_ranks(self) or check_standard(self)
              or check_specials(self)
  if err then return nil, err end
  return true
end

-- Narration ------------------------------------------------------------
-- A line of the log, when play keeps one.
local function tell(log, fmt, ...)
  if log then
    log[#log + 1] = (string.format(fmt, ...):gsub("^%l", string.upper))
  end
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
  local name = log and self:unit_name(s, pid)
  if t == TANK or t == FIGHTER then
    local limit = t == TANK and self.def.tank_hits or self.def.fighter_hits
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

-- BW-O2 aces: the ace adds to its cards, a damaged fighter takes off.
-- RULING (2026-11-23): the ace is each side's first fighter (both are alike
-- when it is named), so no decision is asked.
local function card_bonus(self, s, pid)
  if not self.opt.aces or s:type(pid) ~= FIGHTER then return 0 end
  local bonus = self:fighter_index(s, pid) == 1 and self.def.ace_bonus or 0
  return bonus - s:field(pid, F_DAMAGE) * self.def.damage_malus
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
  if s:phase() == self.P.place then return false end
  local side, back = s:side(), prepared(self).back_squares
  local wins = self.def.win_units
  for _ = 1, 2 do
    if s:count_on(side, back[other(side)]) >= wins then
      s:set_result(side, 1)
      if log then
        tell(log, "The %s hold %s places on the enemy back rank.",
             self:army(side), wg.help.number(self.def.win_units))
      end
      return true
    end
    side = other(side)
  end
  return false
end

-- game:check_end(s [, log]) -> true if the game is over once an action or
-- a decision is complete, setting its result.
function game:check_end(s, log)
  if back_rank_won(self, s, log) then return true end
  if s:phase() == self.P.place then return false end
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
    if log then
      tell(log, "The %s have no units left.", self:army(other(winner)))
    end
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
  local p = prepared(self)
  if t == TANK then
    for f = 1, self.files do
      local sq = self.rules:at(f, p.tank_rank[side])
      if s:fits(TANK, sq) then out:add(ENTER, sq, 0, 0, from, TANK) end
    end
  else
    for _, sq in ipairs(p.back_squares[side]) do
      if not s:at(sq) then out:add(ENTER, sq, 0, 0, from, t) end
    end
  end
end

-- Special cards (BW-C4) -----------------------------------------------------
-- game:ace_entries(s, side, out) -> true if an Ace brings anything in.
-- RULING (2026-11-23): its drawer chooses what enters, as a decision: any
-- unit of the reserve that can enter (infantry, the tank if its four
-- squares are empty); when the reserve holds nothing that can, a casualty
-- (infantry or machine gun; a destroyed tank never returns). Nothing
-- happens when nothing can enter. Pushes the choices.
function game:ace_entries(s, side, out)
  local n0 = #out
  for _, from in ipairs { RESERVE, LOST } do
    local kinds = self.def.ace[from == RESERVE and "reserve" or "lost"]
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
-- game:can_reinforce(s, side) -> true if an Ace of the side brings a unit
function game:can_reinforce(s, side)
  scratch:clear()
  return self:ace_entries(s, side, scratch)
end

-- Special cards waiting to be resolved (BW-C4): a queue of (card kind,
-- side), 4 bits each in a 32-bit variable. A combat adds two at most;
-- game.pending_max() -> how many it holds.
function game.pending_max() return 8 end

-- game:push_special(s, kind, side): a special card to resolve after those
-- waiting
function game.push_special(_, s, kind, side)
  local q, shift = s:var(V.pending), 0
  while q >> shift ~= 0 do shift = shift + 4 end
  s:set_var(V.pending, q | (kind * 2 + side - 1) << shift)
end

local function pop_special(s)
  local q = s:var(V.pending)
  if q == 0 then return nil end
  s:set_var(V.pending, q >> 4)
  local code = q & 15
  return code // 2, code % 2 + 1
end

-- game:specials(s) -> the queue, first first: { { kind, side }, ... }
function game.specials(_, s)
  local out, q = {}, s:var(V.pending)
  while q ~= 0 do
    out[#out + 1] = { (q & 15) // 2, q % 2 + 1 }
    q = q >> 4
  end
  return out
end

-- Starts resolving a special card: King a barrage, Ace a reinforcement,
-- Jack an air battle. True if a decision is now pending.
local function start_special(self, s, kind, side, log)
  local P = self.P
  local what = SPECIALS[kind]
  local who = log and self:army(side)
  local card = log and self:card_name(self:special_card(kind))
  if what == "barrage" then
    tell(log, "The %s fire an artillery barrage: they choose the square.", who)
    s:set_phase(P.barrage)
  elseif what == "reinforce" then
    if not self:can_reinforce(s, side) then
      tell(log, "The %s' %s brings no reinforcement (none left, or no "
           .. "room).", who, card)
      return false
    end
    tell(log, "The %s' %s brings a reinforcement: they choose what "
         .. "enters, and where.", who, card)
    s:set_phase(P.reinforce)
  else
    if #self:ready_fighters(s, side) == 0 then
      tell(log, "The %s' %s: they have no fighter left.", who, card)
      return false
    end
    tell(log, "The %s' %s starts an air battle: they choose a fighter.",
         who, card)
    s:set_phase(P.air)
  end
  s:set_decider(side)
  return true
end

-- After a combat or a decision: the next special card, else back to the
-- turn's actions.
local function resume(self, s, log)
  while true do
    local kind, side = pop_special(s)
    if not kind then break end
    if start_special(self, s, kind, side, log) then return end
  end
  s:set_phase(self.P.main)
  s:set_decider(0)
  combat_resolved(s, log)                                       -- BW-C6
end

-- Combat (BW-C1..C4) ------------------------------------------------------
-- BW-C2 an infantry attack across the wire into the enemy's side
local function over_wire(self, s, att, def)
  local w = prepared(self).wire[s:side_of(att)][rank_of(self, s:square(att))]
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
        tell(log, "%s loses its attack but stays.", self:unit_name(s, att))
      end
      return
    end
    if t == FIGHTER and not self.def.strafer_loses then return end
  end
  hit(self, s, loser, log, "a strafing fighter that loses is damaged "
                           .. "(BW-C4 RULING)")
end

-- game:cross_open(s, pid) -> true if the side of the beaten infantry pid
-- may still award its cross (BW-O1: with the option, once a side)
function game:cross_open(s, pid)
  if not self.opt.crosses or not self.P.cross or s:type(pid) ~= INF then
    return false
  end
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
  if how == "attack" and over_wire(self, s, att, def) then      -- BW-C2
    margin = self.def.wire_margin
  end
  if s:type(def) == TANK then margin = self.def.tank_margin end   -- BW-C3
  local diff = (ac + ab) - (dc + db)
  local loser
  if diff >= margin then loser = def elseif diff < 0 then loser = att end
  if log then
    tell(log, "%s %s %s: %s turn %s, %s turn %s%s.", self:unit_name(s, att),
         how == "fire" and "fires at"
           or (how == "strafe" and "strafes" or "attacks"),
         self:unit_name(s, def), self:army(aside), self:card_text(ac, ab),
         self:army(dside), self:card_text(dc, db),
         margin > 1 and " (the attacker must win by " .. margin .. ")" or "")
    if not loser then
      tell(log, diff > 0 and "Not enough: a tie, nothing happens."
                or "A tie: nothing happens.")
    else
      tell(log, "The %s win.", self:army(loser == def and aside or dside))
    end
  end
  -- BW-C4 special cards act after the combat, the attacker's first; never
  -- in a strafe (nor in barrage or dogfight draws, which are not combats)
  if how ~= "strafe" then
    local special = prepared(self).special
    local ak, dk = special[ac], special[dc]
    if ak then self:push_special(s, ak, aside) end
    local both_air = ak and dk and SPECIALS[ak] == "air"
                     and SPECIALS[dk] == "air" and self.def.jacks == "attacker"
    if dk and not both_air then self:push_special(s, dk, dside) end
  end
  if loser and self:cross_open(s, loser) then                   -- BW-O1
    s:set_var(V.attacker, att)
    s:set_var(V.defender, def)
    s:set_phase(self.P.cross)
    s:set_decider(s:side_of(loser))
    if log then
      tell(log, "The %s may award the %s.", self:army(s:side_of(loser)),
           self:cross_name(s:side_of(loser)))
    end
    return
  end
  outcome(self, s, att, loser, log)
  resume(self, s, log)
end

-- game:gas_open(s, side) -> true if the side may declare poison gas (BW-G2,
-- once a game, one side's)
function game:gas_open(s, side)
  local gas = self.def.gas
  return gas and gas.side == side and s:var(V.gas_used) == 0
end

-- The main phase: the turn's actions (BW-A1) ---------------------------------
function game:main_actions(s, out)
  if s:result() then return end
  local side, left, now = s:side(), s:left(), s:turn() + 1
  local def = self.def
  local in_place = def.attack_in_place
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
      -- BW-A8 a machine gun an Ace brought back this turn cannot fire
      -- (ruled 2026-11-27: firing is the gun's attack, and no unit attacks
      -- or fires in the turn it enters; the tank's gun neither).
      if s:field(pid, F_NEW) ~= now then
        s:trace_fire(out, pid, FIRE)                            -- BW-A5
      end
    elseif t == TANK then
      if s:field(pid, F_NEW) ~= now then                        -- BW-A8
        s:trace_fire(out, pid, FIRE)                            -- BW-A7
      end
      if left >= def.tank_move_cost then                        -- BW-A6
        s:trace_piece(out, pid, MOVE, "move")
      end
    end
  end
  if left >= def.reinforcement_cost then                        -- BW-A8
    for _, t in ipairs { INF, TANK } do
      if offboard(s, side, t, RESERVE) > 0 then
        entries(self, s, side, t, RESERVE, out)
      end
    end
  end
  out:add(PASS)                                                 -- BW-A1
end

-- The placement phase (BW-S3) ------------------------------------------------
-- The side's pieces on the squares of one of its setup ranks, by type id
-- (one table, reused by every call); `on`, if given, holds what stands on
-- each of its squares (a piece or false).
local tally = {}
local function placed_on(s, side, squares, on)
  for t in pairs(tally) do tally[t] = 0 end
  for _, sq in ipairs(squares) do
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

-- game:quota_left(s, side, k, t) -> what the side still places of type t
-- on its k-th setup rank
function game:quota_left(s, side, k, t)
  local there = placed_on(s, side, prepared(self).rows[side][k])
  return quota_of(self, side, k, t, there)
end

-- BW-S1, BW-S2 each rank's quota of infantry and machine guns, on empty
-- squares of the side's setup ranks
local on, left = {}, { {}, {} }  -- placements' scratch tables
function game:place_actions(s, out)
  if s:result() then return end
  local side = s:side()
  local army = self.def.armies[self.sides[side]]
  local p = prepared(self)
  local rows, placing = p.rows[side], p.placing
  -- one look at the setup squares, and each rank's quotas from it
  for k = 1, #army.setup do
    for _, sq in ipairs(rows[k]) do on[sq] = s:at(sq) or false end
    local there = placed_on(s, side, rows[k], on)
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

-- BW-S3 placement: when a side has placed everything, the other places;
-- then the first turn begins (BW-S5)
local function placed(self, s, sq, t)
  local side = s:side()
  local _, pid = offboard(s, side, t, WAITING)
  s:place(pid, sq)
  s:set_field(pid, F_OFF, ON)
  if s:offboard(side, nil, F_OFF, WAITING) > 0 then return end
  local rest = other(side)
  if side == self.def.place_first
     and s:offboard(rest, nil, F_OFF, WAITING) > 0 then
    s:set_side(rest)
    return
  end
  s:set_phase(self.P.main)
  s:set_side(self.def.first_turn)
  s:set_left(self.def.actions_per_turn)
end

-- Decisions (BW-C4, BW-C5, BW-G2, BW-O1) -----------------------------------
-- BW-O1 award the cross, or not
function game.cross_actions(_, s, out)
  if s:result() then return end
  out:add(CROSS, 1)
  out:add(CROSS, 0)
end

-- BW-C4 King: the barrage falls on any square; BW-G2 the Germans may make
-- it poison gas, once
function game:barrage_actions(s, out)
  if s:result() then return end
  local can_gas = self:gas_open(s, s:decider())
  for sq = 1, self.files * self.ranks do
    out:add(BARRAGE, sq)
    if can_gas then out:add(BARRAGE, sq, 0, 1) end
  end
end

-- BW-C4 Ace: what enters, and where
function game:reinforce_actions(s, out)
  if s:result() then return end
  self:ace_entries(s, s:decider(), out)
end

-- BW-C4 Jack: which fighter flies to strafe
function game:air_actions(s, out)
  if s:result() then return end
  for _, k in ipairs(self:ready_fighters(s, s:decider())) do
    out:add(FLY, k)
  end
end

-- BW-C4 the other side may answer with one of its fighters, or not
function game:dogfight_actions(s, out)
  if s:result() then return end
  out:add(DOGFIGHT, 0)
  for _, k in ipairs(self:ready_fighters(s, s:decider())) do
    out:add(DOGFIGHT, k)
  end
end

-- BW-C4 the strafe attacks any enemy unit but the tank
function game.strafe_actions(_, s, out)
  if s:result() then return end
  for _, pid in ipairs(s:pieces(other(s:decider()))) do
    if s:type(pid) ~= TANK then out:add(STRAFE, s:square(pid)) end
  end
end

-- Effects ---------------------------------------------------------------------
local function strafe_or_resume(self, s, side, log)
  for _, pid in ipairs(s:pieces(other(side))) do
    if s:type(pid) ~= TANK then
      s:set_phase(self.P.strafe)
      s:set_decider(side)
      if log then
        tell(log, "The %s choose what to strafe.", self:army(side))
      end
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
  local hits = self.def.barrage
  if gas then                                                   -- BW-G2
    hits = self.def.gas.hits
    s:set_var(V.gas_used, 1)
  end
  tell(log, "%s on %s (hits on %d-%d).",
       gas and "Poison gas" or "The barrage falls",
       self.rules:name(sq), hits[1], hits[2])
  local x, y = self.rules:coords(sq)
  local reach = self.def.barrage_reach
  local units, seen = {}, {}
  for dy = -reach, reach do
    for dx = -reach, reach do
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
      tell(log, "%s for %s.", self:card_name(card), self:unit_name(s, pid))
    end
    if in_range(card, hits) then hit(self, s, pid, log) end
  end
  resume(self, s, log)
end

-- BW-C4 Jack: the fighter flies; the other side may answer
local function fly(self, s, k, log)
  local side = s:decider()
  local plane = self:fighters(s, side)[k]
  s:set_var(V.plane, plane)
  if log then tell(log, "%s flies to strafe.", self:unit_name(s, plane)) end
  if self.P.dogfight and #self:ready_fighters(s, other(side)) > 0 then
    s:set_phase(self.P.dogfight)
    s:set_decider(other(side))
    if log then
      tell(log, "The %s may answer with a fighter.", self:army(other(side)))
    end
  else
    strafe_or_resume(self, s, side, log)
  end
end

-- BW-C4 Jack: the dogfight, then the strafe
local function dogfight(self, s, k, log)
  local defender = s:decider()
  local plane = s:var(V.plane)
  local side = other(defender)
  if k == 0 then
    if log then tell(log, "The %s let it pass.", self:army(defender)) end
    return strafe_or_resume(self, s, side, log)
  end
  local mine = self:fighters(s, defender)[k]
  local ac, dc = draw(s, side, log), draw(s, defender, log)
  local ab, db = card_bonus(self, s, plane), card_bonus(self, s, mine)
  if log then
    tell(log, "Dogfight: %s turns %s, %s turns %s.",
         self:unit_name(s, plane), self:card_text(ac, ab),
         self:unit_name(s, mine), self:card_text(dc, db))
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

-- BW-O1 the cross turns the defeat of the decider's infantry into victory
local function cross(self, s, award, log)
  local att, def = s:var(V.attacker), s:var(V.defender)
  local side = s:decider()
  local loser = s:side_of(att) == side and att or def
  if award then
    s:set_var(V.crosses_used, s:var(V.crosses_used) | (1 << (side - 1)))
    if log then
      tell(log, "The %s award the %s: defeat becomes victory.",
           self:army(side), self:cross_name(side))
    end
    loser = loser == att and def or att
  end
  outcome(self, s, att, loser, log)
  resume(self, s, log)
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
         self:unit_name(s, pid))
  end
end

function game:play(s, a, log)
  local kind, x, y, z, from, e = wg.fields(a)
  local P = self.P
  local phase = s:phase()
  if phase == P.place then
    placed(self, s, x, e)
  elseif kind == MOVE then
    local pid = s:at(x)
    if s:type(pid) == TANK then
      spend_on(s, nil, self.def.tank_move_cost)                 -- BW-A6
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
    spend_on(s, nil, self.def.reinforcement_cost)
    place_unit(self, s, s:side(), e, x, from, log)
  elseif kind == ENTER then                                     -- BW-C4 Ace
    place_unit(self, s, s:decider(), e, x, from, log)
    if not back_rank_won(self, s, log) then resume(self, s, log) end
  elseif kind == PASS then                                      -- BW-A1
    if log then tell(log, "The %s end their turn.", self:army(s:side())) end
    next_turn(self, s, log)
  elseif kind == BARRAGE then
    barrage(self, s, x, z == 1, log)
  elseif kind == FLY then
    fly(self, s, x, log)
  elseif kind == DOGFIGHT then
    dogfight(self, s, x, log)
  elseif kind == STRAFE then
    combat(self, s, s:var(V.plane), s:at(x), "strafe", log)
  elseif kind == CROSS then
    cross(self, s, x == 1, log)
  end
  if not self:check_end(s, log) and s:phase() == P.main and s:left() == 0 then
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
    o.text = string.format("the %s win (%s)", self:army(o.winner), o.reason)
  end
  return o
end

-- The board as every game draws it in text, beneath which look.lua adds
-- what Block Wars shows (game:render).
game.board_text = game.render

return game:include(require "blockwars.text", require "blockwars.why",
                    require "blockwars.look", require "blockwars.ai")
