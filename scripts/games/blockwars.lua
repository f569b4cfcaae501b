-- Block Wars 1.1, a WWI skirmish with cards: the rules as
-- ../shared/rules/blockwars.md gives them, section by section, with rule IDs
-- where each is implemented. Every RULING is data in the declaration
-- (`rulings`, `armies`, the fire patterns) or an option, so a house variant
-- changes it in a line.
--
-- Sides: 1 the Canadians (ranks 1-3, facing rank 8, upper-case letters),
-- 2 the Germans (ranks 6-8, facing rank 1, lower case). Letters: I infantry,
-- M machine gun, T the tank (shown on its four squares); fighters never
-- stand on the board.
--
-- Actions and decisions are typed as NOTATION (below) shows; `wargrid play
-- blockwars --help` and the in-game `help` print it. The code cites each
-- one's rule where it is implemented.
--
-- Position text: the board (FEN-like, rank 8 first), the side to act and its
-- actions left (g2 = Germans, two actions), then key=value fields, all
-- optional when read, always written in this order:
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
--                          unknown cards, dealt from the rest of the pack);
--                          left out: a fresh pack shuffled by the seed.
--                          Fewer than 52 (a stacked deck for a test) are all
--                          the cards there are; a combat needs 2.
--   rng=HEX                the random generator (left out: the seed)
-- A text the game could not go on from (c0 in the main phase, a decision
-- nobody can take) is refused with the field it comes from.
local wg = require "wargrid"

local CAN, GER = 1, 2

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
  i@c8, m@c6                 place a unit (the placement phase)
  barrage e4, gas e4         where a King's barrage falls (gas: Germans, once)
  i@a8                       where an Ace's reinforcement enters
  fly 1, fly 2               which fighter a Jack sends to strafe
  dogfight 1, no dogfight    answer it with one of your fighters, or not
  strafe e4                  what the strafing fighter attacks
  cross, no cross            save your beaten infantry (option crosses)
Canadians in upper case, Germans in lower case: I infantry, M machine gun,
T tank (on its four squares); fighters stay off the board. The Germans place
first and act first.]]

local game = wg.game {
  name = "blockwars",
  title = "Block Wars",
  notation = NOTATION,

  -- Board, sides, setup --------------------------------------------------
  -- BW-B1 8x8; Canadians ranks 1-3, Germans ranks 6-8, No Man's Land 4-5;
  -- wire along the edges 5|6 and 3|4 (it does not hinder movement, BW-A8).
  board = { files = 8, ranks = 8 },
  sides = { "canadians", "germans" },
  actions_per_turn = 2,                                     -- BW-A1

  -- BW-S4 one deck per side, face down; turned cards lie face up until the
  -- next reshuffle. BW-H1 nobody sees the order of a face-down deck.
  decks = { canadians = {}, germans = {}, turned = { open = true } },

  pieces = {
    -- BW-A2 moves one square to an empty square; BW-A3 attacks a neighbour
    infantry = { letter = "i", moves = { "mK", "cK" }, value = 1 },
    -- BW-A5 range 2, 45 degrees either side of forward. RULING: a line of
    -- fire passing exactly between two squares is blocked only if both are
    -- occupied (corner = "both"; "either" is the strict reading).
    machinegun = { letter = "m", value = 1.5,
                   fire = { range = 2, arc = 45, corner = "both",
                            immune = { "tank" } } },
    -- BW-A6 2x2, one rank straight forward or back; BW-A7 its gun fires all
    -- round from any of its squares; RULING?: the tank's own squares do not
    -- block its fire (nor a large target's its own)
    tank = { letter = "t", moves = "mvW", value = 4,
             shape = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } },
             fire = { range = 2, arc = 180, corner = "both",
                      immune = { "tank" } } },
    fighter = { letter = "f", value = 0.5 },   -- BW-C4, off the board
  },

  -- BW-S1, BW-S2 what each side places on its first three ranks (counted
  -- from its own edge), holds in reserve, and has in the air.
  armies = {
    canadians = { ranks = { { infantry = 4 }, { infantry = 4 },
                            { machinegun = 1, infantry = 7 } },
                  reserve = { infantry = 6, tank = 1 }, fighters = 2 },
    germans = { ranks = { { infantry = 4 }, { infantry = 4 },
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
    -- BW-C2 the wire: an infantry attack from No Man's Land into the
    -- enemy's side, by attacker: from rank -> to rank
    wire = { [CAN] = { from = 5, to = 6 }, [GER] = { from = 4, to = 3 } },
    margin = 2,             -- BW-C2, BW-C3 win by 2
    tank_hits = 2,          -- BW-C3 the second damage destroys the tank
    barrage = { 2, 3 },     -- BW-C4 RULING: a barrage hits on 2-3
    gas = { side = GER, hits = { 2, 6 } },   -- BW-G2
    -- BW-C4 RULING: an Ace brings infantry: from the reserve, else a
    -- casualty. RULING?: never the tank or a machine gun.
    ace_brings = "infantry",
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
}

local T, V, P = game.T, game.V, game.P
local INF, MG, TANK, FIGHTER = T.infantry, T.machinegun, T.tank, T.fighter
local DECK = { game.D.canadians, game.D.germans }
local TURNED = game.D.turned
local R = game.rules

-- Piece fields: where an off-board piece is, damage (tank, fighters), the
-- turn it last moved or attacked, the turn it entered (turn numbers from 1).
local F_OFF, F_DAMAGE, F_DONE, F_NEW = 1, 2, 3, 4
local ON, RESERVE, LOST, WAITING = 0, 1, 2, 3
game.status = { field = F_OFF, on = ON, reserve = RESERVE, lost = LOST,
                waiting = WAITING }

-- Action kinds.
local MOVE, ATTACK, FIRE, ENTER, PASS = 1, 2, 3, 4, 5
local BARRAGE, FLY, DOGFIGHT, STRAFE, CROSS = 6, 7, 8, 9, 10

-- Cards: 2..14, ace high (BW-S4).
local JACK, KING, ACE = 11, 13, 14
local CARD_CHARS = "23456789TJQKA"
local CARD_NAME = { [10] = "10", [11] = "Jack", [12] = "Queen", [13] = "King",
                    [14] = "Ace" }
for v = 2, 9 do CARD_NAME[v] = tostring(v) end
local SPECIAL = { [KING] = 1, [ACE] = 2, [JACK] = 3 }
local SPECIAL_CARD = { KING, ACE, JACK }   -- by SPECIAL number

local function other(side) return 3 - side end
local function rank_of(sq) return select(2, R:coords(sq)) end
-- rank counted from the side's own edge
local function own_rank(side, r) return side == CAN and r or 9 - r end
local function abs_rank(side, k) return side == CAN and k or 9 - k end
local function back_rank(side) return abs_rank(side, 1) end

-- Narration ------------------------------------------------------------
local SIDE_ADJ = { "Canadian", "German" }
local SIDE_NAME = { "Canadians", "Germans" }

local function tell(log, fmt, ...)
  if log then
    log[#log + 1] = (string.format(fmt, ...):gsub("^%l", string.upper))
  end
end

-- "the German infantry on f6", "Canadian fighter 1"
local function fighter_index(s, pid)
  local side, k = s:side_of(pid), 0
  for q = 1, pid do
    if s:type(q) == FIGHTER and s:side_of(q) == side then k = k + 1 end
  end
  return k
end

local function unit_name(self, s, pid)
  local t, side, sq = s:piece(pid)
  if t == FIGHTER then
    return string.format("%s fighter %d", SIDE_ADJ[side], fighter_index(s, pid))
  end
  local kind = t == MG and "machine gun" or self.type_names[t]
  return string.format("the %s %s on %s", SIDE_ADJ[side], kind, R:name(sq))
end

-- Pieces off the board ---------------------------------------------------
-- Every unit is on the board (F_OFF = ON), in reserve, lost, or still to be
-- placed; fighters are in reserve (ready) or lost (destroyed).
-- offboard(s, side, t, where) -> how many, and the first of them
local function offboard(s, side, t, where)
  return s:offboard(side, t, F_OFF, where)
end

local function fighters(s, side)
  local out = {}
  for pid = 1, s:npieces() do
    local pt, ps = s:piece(pid)
    if pt == FIGHTER and ps == side then out[#out + 1] = pid end
  end
  return out
end

local function ready_fighters(s, side)
  local out = {}
  for k, pid in ipairs(fighters(s, side)) do
    if s:field(pid, F_OFF) ~= LOST then out[#out + 1] = k end
  end
  return out
end

-- Puts an off-board piece on the board this turn (BW-A8: it cannot attack
-- this turn). RULING?: so does a reinforcement an Ace brings in the drawer's
-- own turn (it may move).
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
local function hit(self, s, pid, log)
  local t = s:type(pid)
  local name = log and unit_name(self, s, pid)
  if t == TANK or t == FIGHTER then
    local limit = t == TANK and self.def.rulings.tank_hits or 2
    local damage = s:field(pid, F_DAMAGE) + 1
    if damage < limit then
      s:set_field(pid, F_DAMAGE, damage)
      tell(log, "%s is damaged.", name)
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
local function reshuffle(s, log)                               -- BW-C6
  s:gather(DECK[CAN], DECK[GER], TURNED)
  s:shuffle(DECK[CAN])
  s:split(DECK[CAN], DECK[GER], s:ncards(DECK[CAN]) // 2)
  tell(log, "A deck has run out: all %d cards are gathered, shuffled and "
       .. "dealt again.", s:ncards(DECK[CAN]) + s:ncards(DECK[GER]))
end

-- The side turns over the top card of its deck (it stays face up).
-- RULING?: the reshuffle follows at once when a draw empties a deck, so in
-- a combat the defender may draw from the fresh deck.
local function draw(s, side, log)
  if s:ncards(DECK[side]) == 0 then reshuffle(s, log) end
  local card = s:draw(DECK[side], TURNED)
  if not card then error("blockwars: no cards left to draw", 0) end
  if s:ncards(DECK[side]) == 0 then reshuffle(s, log) end
  return card
end

-- BW-O2 aces: the ace adds 1, a damaged fighter subtracts 1. RULING?: the
-- ace is each side's first fighter (both are alike when it is named).
local function card_bonus(self, s, pid)
  if not self.opt.aces or s:type(pid) ~= FIGHTER then return 0 end
  local bonus = fighter_index(s, pid) == 1 and 1 or 0
  return bonus - s:field(pid, F_DAMAGE)
end

local function card_text(card, bonus)
  if bonus == 0 then return CARD_NAME[card] end
  return string.format("%s (%s%d)", CARD_NAME[card], bonus > 0 and "+" or "",
                       bonus)
end

-- Special cards waiting to be resolved: a queue of (card kind, side), 4
-- bits each in a 32-bit variable. A combat adds two at most.
local PENDING_MAX = 8

local function push_special(s, kind, side)
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

-- The squares of each side's back rank.
local BACK = { {}, {} }
for side = 1, 2 do
  for f = 1, game.files do BACK[side][f] = R:at(f, back_rank(side)) end
end

local function has_reserve(s, side)
  return s:offboard(side, nil, F_OFF, RESERVE)
         > offboard(s, side, FIGHTER, RESERVE)
end

-- Looks for the end of the game; true if it is over.
-- BW-W1 two units (the tank counts once) on the enemy back rank.
-- RULING?: looked at whenever an action or a decision is complete, so an
-- infantry unit that moves onto the rank and falls in its attack there
-- does not count.
local function game_over(self, s, log)
  if s:result() then return true end
  if s:phase() == P.place then return false end
  local side = s:side()
  for _ = 1, 2 do
    if s:count_on(side, BACK[3 - side]) >= 2 then
      s:set_result(side, 1)
      tell(log, "The %s hold two places on the enemy back rank.",
           SIDE_NAME[side])
      return true
    end
    side = 3 - side
  end
  -- BW-W2 RULING: no unit on the board and none in reserve loses.
  -- RULING?: casualties an Ace could bring back do not count (without a
  -- unit, no card is ever turned); both sides gone at once is a draw.
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

-- Special cards (BW-C4) -----------------------------------------------------
local function can_reinforce(self, s, side)
  local r = back_rank(side)
  local free = false
  for f = 1, self.files do free = free or not s:at(R:at(f, r)) end
  if not free then return false end
  local t = T[self.def.rulings.ace_brings]
  return offboard(s, side, t, RESERVE) > 0 or offboard(s, side, t, LOST) > 0
end

-- Starts resolving a special card; true if a decision is now pending.
local function start_special(self, s, kind, side, log)
  local who = SIDE_NAME[side]
  if SPECIAL_CARD[kind] == KING then
    tell(log, "The %s fire an artillery barrage: they choose the square.", who)
    s:set_phase(P.barrage)
  elseif SPECIAL_CARD[kind] == ACE then
    if not can_reinforce(self, s, side) then
      tell(log, "The %s' Ace brings no reinforcement (none left, or the "
           .. "back rank is full).", who)
      return false
    end
    tell(log, "The %s' Ace brings a reinforcement to their back rank.", who)
    s:set_phase(P.reinforce)
  else
    if #ready_fighters(s, side) == 0 then
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
    local kind, side = pop_special(s)
    if not kind then break end
    if start_special(self, s, kind, side, log) then return end
  end
  s:set_phase(P.main)
  s:set_decider(0)
end

-- Combat (BW-C1..C4) ------------------------------------------------------
local function is_infantry(s, pid) return s:type(pid) == INF end

-- BW-C2 an infantry attack across the wire into the enemy's side
local function over_wire(self, s, att, def)
  local w = self.def.rulings.wire[s:side_of(att)]
  return w and rank_of(s:square(att)) == w.from
         and rank_of(s:square(def)) == w.to
end

-- Carries out the outcome: `loser` (attacker, defender or nil) is beaten.
-- BW-C1 an attacking machine gun (or the tank's gun) is never removed for
-- losing (RULING?: not even when a cross turns the combat against it);
-- BW-C4 RULING: a strafing fighter that loses is damaged.
local function outcome(self, s, att, def, loser, log)
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
  hit(self, s, loser, log)
end

local function cross_open(self, s, pid)                        -- BW-O1
  if not self.opt.crosses or not is_infantry(s, pid) then return false end
  return s:var(V.crosses_used) & (1 << (s:side_of(pid) - 1)) == 0
end

local CROSS_NAME = { "Victoria Cross", "Iron Cross" }

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
    if SPECIAL[ac] then push_special(s, SPECIAL[ac], aside) end
    local both_jacks = ac == JACK and dc == JACK
                       and self.def.rulings.jacks == "attacker"
    if SPECIAL[dc] and not both_jacks then
      push_special(s, SPECIAL[dc], dside)
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
  outcome(self, s, att, def, loser, log)
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
      s:trace_fire(out, pid, FIRE)                              -- BW-A5
    elseif t == TANK then
      s:trace_fire(out, pid, FIRE)                              -- BW-A7
      if left >= 2 then s:trace_piece(out, pid, MOVE, "move") end   -- BW-A6
    end
  end
  if left >= 2 then                                             -- BW-A8
    if offboard(s, side, INF, RESERVE) > 0 then
      for _, sq in ipairs(BACK[side]) do
        if not s:at(sq) then out:add(ENTER, sq, 0, 0, 0, INF) end
      end
    end
    if offboard(s, side, TANK, RESERVE) > 0 then
      -- the tank enters on the side's first two ranks
      local r = side == CAN and 1 or self.ranks - 1
      for f = 1, self.files do
        local sq = R:at(f, r)
        if s:fits(TANK, sq) then out:add(ENTER, sq, 0, 0, 0, TANK) end
      end
    end
  end
  out:add(PASS)                                                 -- BW-A1
end

-- BW-S3 what is still to be placed on rank k (from the side's edge)
local function quota_left(self, s, side, k, t)
  local army = self.def.armies[self.sides[side]]
  local want = army.ranks[k] and army.ranks[k][self.type_names[t]] or 0
  local r = abs_rank(side, k)
  for f = 1, self.files do
    local pid = s:at(R:at(f, r))
    if pid and s:side_of(pid) == side and s:type(pid) == t then
      want = want - 1
    end
  end
  return want
end

local function placements(self, s, out)
  local side = s:side()
  for _, t in ipairs { INF, MG } do
    for k = 1, #self.def.armies[self.sides[side]].ranks do
      if quota_left(self, s, side, k, t) > 0 then
        local r = abs_rank(side, k)
        for f = 1, self.files do
          local sq = R:at(f, r)
          if not s:at(sq) then out:add(ENTER, sq, 0, 0, 0, t) end
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
    for f = 1, self.files do
      local sq = R:at(f, back_rank(decider))
      if not s:at(sq) then
        out:add(ENTER, sq, 0, 0, 0, T[self.def.rulings.ace_brings])
      end
    end
  elseif phase == P.air then
    for _, k in ipairs(ready_fighters(s, decider)) do out:add(FLY, k) end
  elseif phase == P.dogfight then
    out:add(DOGFIGHT, 0)
    for _, k in ipairs(ready_fighters(s, decider)) do out:add(DOGFIGHT, k) end
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
       R:name(sq), hits[1], hits[2])
  local x, y = R:coords(sq)
  local units, seen = {}, {}
  for dy = -1, 1 do
    for dx = -1, 1 do
      local t = R:at(x + dx, y + dy)
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
  local mine = fighters(s, defender)[k]
  local ac, dc = draw(s, side, log), draw(s, defender, log)
  local ab, db = card_bonus(self, s, plane), card_bonus(self, s, mine)
  if log then
    tell(log, "Dogfight: %s turns %s, %s turns %s.", unit_name(self, s, plane),
         card_text(ac, ab), unit_name(self, s, mine), card_text(dc, db))
  end
  local diff = (ac + ab) - (dc + db)
  if diff < 0 then
    hit(self, s, plane, log)
    tell(log, "The strafe is off.")
    return resume(self, s, log)
  end
  if diff > 0 then hit(self, s, mine, log) else tell(log, "A tie.") end
  strafe_or_resume(self, s, side, log)
end

local function spend_on(s, pid, n)
  s:spend(n)
  if pid then s:set_field(pid, F_DONE, s:turn() + 1) end
end

local function take(s, side, t, lost_too)
  local _, pid = offboard(s, side, t, RESERVE)
  if not pid and lost_too then pid = select(2, offboard(s, side, t, LOST)) end
  return pid
end

local function place_unit(self, s, side, t, sq, log, lost_too)
  local pid = take(s, side, t, lost_too)
  enter(s, pid, sq)
  if log then tell(log, "%s enters.", unit_name(self, s, pid)) end
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
  local kind, x, y, z, _, e = wg.fields(a)
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
    combat(self, s, pid, s:at(y), "attack", log)
  elseif kind == FIRE then                                      -- BW-A5, BW-A7
    spend_on(s, nil, 1)
    combat(self, s, s:at(x), s:at(y), "fire", log)
  elseif kind == ENTER and phase == P.main then                 -- BW-A8
    spend_on(s, nil, 2)
    place_unit(self, s, s:side(), e, x, log, false)
  elseif kind == ENTER then                                     -- BW-C4 Ace
    place_unit(self, s, s:decider(), e, x, log, true)
    resume(self, s, log)
  elseif kind == PASS then
    tell(log, "The %s end their turn.", SIDE_NAME[s:side()])
    next_turn(self, s, log)
  elseif kind == BARRAGE then
    barrage(self, s, x, z == 1, log)
  elseif kind == FLY then
    local side = s:decider()
    local plane = fighters(s, side)[x]
    s:set_var(V.plane, plane)
    if log then tell(log, "%s flies to strafe.", unit_name(self, s, plane)) end
    if #ready_fighters(s, other(side)) > 0 then
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
    outcome(self, s, att, def, loser, log)
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
        local k = own_rank(ps, rank_of(sq))
        v = v + 0.05 * k + (k == 8 and 0.5 or 0)
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
      key = 40 + 10 * (own_rank(side, rank_of(y)) - own_rank(side, rank_of(x)))
    elseif kind == ATTACK then
      key = 35
    elseif kind == ENTER then
      key = 20
    end
    keys[i] = key
  end
  out:order(keys)
end

-- Notation --------------------------------------------------------------------
function game:action_text(s, a)
  local kind, x, y, z, _, e = wg.fields(a)
  local name = function(sq) return R:name(sq) end
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

-- What a side still has to place, by rank: "4 infantry on rank 8, ...".
local function to_place(self, s, side)
  local parts = {}
  for k in ipairs(self.def.armies[self.sides[side]].ranks) do
    for _, t in ipairs { INF, MG } do
      local n = quota_left(self, s, side, k, t)
      if n > 0 then
        parts[#parts + 1] = string.format("%d %s on rank %d", n,
          t == MG and (n > 1 and "machine guns" or "machine gun") or "infantry",
          abs_rank(side, k))
      end
    end
  end
  return table.concat(parts, ", ")
end

-- Position text ------------------------------------------------------------
local SIDE_LETTER = { "c", "g" }
local PHASE_NAME = {}
for name, id in pairs(P) do PHASE_NAME[id] = name end
local CROSS_KEY = { "vc", "ic" }

local function letter(self, t, side)
  local l = self.type_letter[t]
  return side == CAN and l:upper() or l
end

-- "I6T": each kind of unit with its count (1 left out), or "-"
local function count_text(self, side, count)
  local text = ""
  for _, t in ipairs { INF, MG, TANK } do
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
      return (offboard(s, side, t, where))
    end)
  end
  return out[1] .. "/" .. out[2]
end

local function air_text(s)
  local out = {}
  for side = 1, 2 do
    local t = ""
    for _, pid in ipairs(fighters(s, side)) do
      local off, damage = s:fields(pid)
      t = t .. (off == LOST and "x" or (damage > 0 and "d" or "o"))
    end
    out[side] = t == "" and "-" or t
  end
  return out[1] .. "/" .. out[2]
end

local function tank_damage(s)
  for side = 1, 2 do
    for _, pid in ipairs(s:pieces(side)) do
      if s:type(pid) == TANK then return s:field(pid, F_DAMAGE) end
    end
  end
  return 0
end

local function used_text(s)
  local used = {}
  if s:var(V.gas_used) ~= 0 then used[#used + 1] = "gas" end
  for side = 1, 2 do
    if s:var(V.crosses_used) & (1 << (side - 1)) ~= 0 then
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
      sqs[#sqs + 1] = R:name(sq)
    end
  end
  return #sqs > 0 and table.concat(sqs, ",") or "-"
end

local function fighter_ref(s, pid) return "fighter" .. fighter_index(s, pid) end

local function unit_ref(s, pid)
  return s:type(pid) == FIGHTER and fighter_ref(s, pid) or R:name(s:square(pid))
end

local function phase_text(s)
  local phase = s:phase()
  local text = PHASE_NAME[phase]
  if phase == P.main or phase == P.place then return text end
  text = text .. ":" .. SIDE_LETTER[s:decider()]
  if phase == P.dogfight or phase == P.strafe then
    return text .. ":" .. fighter_ref(s, s:var(V.plane))
  elseif phase == P.cross then
    return string.format("%s:%sx%s", text, unit_ref(s, s:var(V.attacker)),
                         unit_ref(s, s:var(V.defender)))
  end
  return text
end

local function card_char(v) return CARD_CHARS:sub(v - 1, v - 1) end

local function next_text(s)
  local out, q = {}, s:var(V.pending)
  while q ~= 0 do
    out[#out + 1] = card_char(SPECIAL_CARD[(q & 15) // 2])
                    .. SIDE_LETTER[q % 2 + 1]
    q = q >> 4
  end
  return #out > 0 and table.concat(out, ",") or "-"
end

-- A deck's cards, top first; hidden: only how many.
local function cards_text(s, d, hidden)
  local n = s:ncards(d)
  if n == 0 then return "-" end
  if hidden then return "?" .. n end
  local cards, out = s:cards(d), {}
  for i = n, 1, -1 do out[#out + 1] = card_char(cards[i]) end
  return table.concat(out)
end

-- With a viewer side, what it may know (BW-H1): the face-down decks as
-- counts, and no generator.
function game:position_text(s, viewer)
  local f = { wg.fen.write_board(self, s), SIDE_LETTER[s:side()] .. s:left() }
  local function put(key, value) f[#f + 1] = key .. "=" .. value end
  put("turn", s:turn() + 1)
  put("reserve", units_text(self, s, RESERVE))
  put("lost", units_text(self, s, LOST))
  put("air", air_text(s))
  put("tank", tank_damage(s))
  put("used", used_text(s))
  put("done", marks_text(self, s, F_DONE))
  put("new", marks_text(self, s, F_NEW))
  put("phase", phase_text(s))
  put("next", next_text(s))
  put("decks", cards_text(s, DECK[CAN], viewer) .. "/"
               .. cards_text(s, DECK[GER], viewer)
               .. "/" .. cards_text(s, TURNED, false))
  if not viewer then put("rng", string.format("%016x", s:rng())) end
  return table.concat(f, " ")
end

-- The board, and what both players see beside it ---------------------------
local function units_words(self, s, side, where)
  local parts = {}
  for _, t in ipairs { INF, MG, TANK } do
    local n = offboard(s, side, t, where)
    if n > 0 then
      local what = t == MG and "machine gun" or self.type_names[t]
      parts[#parts + 1] = n .. " " .. what .. (n > 1 and t ~= INF and "s" or "")
    end
  end
  return #parts > 0 and table.concat(parts, ", ") or "none"
end

local function fighters_words(self, s, side)
  local planes = {}
  for k, pid in ipairs(fighters(s, side)) do
    local off, damage = s:fields(pid)
    planes[#planes + 1] = string.format("%d %s%s", k,
      off == LOST and "destroyed" or (damage > 0 and "damaged" or "ready"),
      self.opt.aces and k == 1 and " (ace)" or "")
  end
  return #planes > 0 and table.concat(planes, ", ") or "none"
end

local function prompt(self, s)
  local phase, who = s:phase(), SIDE_NAME[s:decider()]
  if phase == P.main then
    return string.format("%s to act: %d action%s left, turn %d of %d.", who,
                         s:left(), s:left() == 1 and "" or "s", s:turn() + 1,
                         self.opt.turns)
  end
  local ask = {
    [P.place] = "place " .. to_place(self, s, s:side()) .. " (i@SQ, m@SQ)",
    [P.barrage] = "choose where the barrage falls (barrage SQ"
                  .. (gas_open(self, s, s:decider()) and ", or gas SQ once)"
                      or ")"),
    [P.reinforce] = "place their Ace's reinforcement (i@SQ)",
    [P.air] = "choose the fighter to strafe (fly N)",
    [P.dogfight] = "may answer with a fighter (dogfight N, or no dogfight)",
    [P.strafe] = "choose what to strafe (strafe SQ)",
    [P.cross] = "may award the " .. CROSS_NAME[s:decider()]
                .. " (cross, or no cross)",
  }
  return who .. " " .. ask[phase] .. "."
end

local board_text = game.render
function game:render(s)
  local lines = { board_text(self, s) }
  for side = 1, 2 do
    lines[#lines + 1] = string.format(
      "%s: reserve %s; lost %s; fighters %s; %d cards%s", SIDE_NAME[side],
      units_words(self, s, side, RESERVE), units_words(self, s, side, LOST),
      fighters_words(self, s, side), s:ncards(DECK[side]),
      side == CAN and tank_damage(s) > 0 and "; the tank is damaged" or "")
  end
  local turned = s:cards(TURNED)
  if #turned > 0 then
    local last = {}
    for i = #turned, math.max(1, #turned - 5), -1 do
      last[#last + 1] = CARD_NAME[turned[i]]
    end
    lines[#lines + 1] = "Cards turned, last first: " .. table.concat(last, " ")
  end
  if not s:result() then lines[#lines + 1] = prompt(self, s) end
  return table.concat(lines, "\n")
end

-- Reading position text ------------------------------------------------------
local function bad(fmt, ...) return nil, string.format(fmt, ...) end

-- A text may not hold more units than a state does: true, or nil and why.
local function room(self, s, n)
  if s:npieces() + n <= self.rules:maxpieces() then return true end
  return bad("more units than a game holds (%d at most)",
             self.rules:maxpieces())
end

local function add_offboard(self, s, side, t, n, where)
  local ok, err = room(self, s, n)
  if not ok then return nil, err end
  for _ = 1, n do s:set_field(s:add(t, side), F_OFF, where) end
  return true
end

-- "I6T/i6": units off the board, by side
local function read_units(self, s, key, text, where)
  local parts = { text:match("^([^/]+)/([^/]+)$") }
  if #parts ~= 2 then
    return bad("%s '%s': expected Canadians/Germans", key, text)
  end
  for side, part in ipairs(parts) do
    if part ~= "-" then
      local pos = 1
      while pos <= #part do
        local l, count, nxt = part:match("^(%a)(%d*)()", pos)
        local t = l and self.letter_type[l:lower()]
        if not t or t == FIGHTER then
          return bad("%s '%s': expected unit letters (I, M, T) with counts",
                     key, text)
        end
        local ok, err = add_offboard(self, s, side, t,
                                     count == "" and 1 or tonumber(count),
                                     where)
        if not ok then return bad("%s '%s': %s", key, text, err) end
        pos = nxt
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
      local pid = s:add(FIGHTER, side)
      s:set_field(pid, F_OFF, ch == "x" and LOST or RESERVE)
      s:set_field(pid, F_DAMAGE, ch == "d" and 1 or 0)
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
      if s:type(pid) == TANK then
        s:set_field(pid, F_DAMAGE, damage)
        return true
      end
    end
  end
  return bad("tank '%s': no tank on the board", text)
end

local function read_used(s, text)
  if text == "-" then return true end
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
local function read_marks(s, key, text, k)
  if text == "-" then return true end
  for name in (text .. ","):gmatch("([^,]*),") do
    local sq = R:square(name)
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
local function read_ref(s, side, text)
  local k = text:match("^fighter(%d+)$")
  if k then return fighters(s, side)[tonumber(k)] end
  local sq = R:square(text)
  return sq and s:at(sq)
end

local function read_phase(self, s, text)
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
    local plane = read_ref(s, id == P.dogfight and other(side) or side, arg)
    if not plane or s:type(plane) ~= FIGHTER
       or s:field(plane, F_OFF) == LOST then
      return bad("phase '%s': '%s' is not a fighter in the air", text, arg)
    end
    s:set_var(V.plane, plane)
  elseif id == P.cross then
    -- a fighter is always the attacker, the enemy of the beaten infantry
    local a, d = arg:match("^(%w+)x(%w+)$")
    local att = a and read_ref(s, other(side), a)
    local def = d and R:square(d) and s:at(R:square(d))
    if not att or not def or s:side_of(att) == s:side_of(def)
       or not ((s:side_of(att) == side and is_infantry(s, att))
               or (s:side_of(def) == side and is_infantry(s, def))) then
      return bad("phase '%s': expected the attacker x the defender, "
                 .. "one of them %s infantry", text, SIDE_ADJ[side])
    end
    if not cross_open(self, s, s:side_of(att) == side and att or def) then
      return bad("phase '%s': the %s cannot award the %s (option crosses "
                 .. "off, or used)", text, SIDE_NAME[side], CROSS_NAME[side])
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
    for k in ipairs(self.def.armies[self.sides[side]].ranks) do
      for _, t in ipairs { INF, MG } do
        local n = quota_left(self, s, side, k, t)
        if n < 0 then
          local what = t == MG and "machine guns" or "infantry"
          return bad("placement: too many %s %s on rank %d", SIDE_ADJ[side],
                     what, abs_rank(side, k))
        end
        local ok, err = add_offboard(self, s, side, t, n, WAITING)
        if not ok then return bad("placement: %s", err) end
      end
    end
  end
  local first = self.def.rulings.place_first
  if s:side() ~= first and s:offboard(first, nil, F_OFF, WAITING) > 0 then
    return bad("placement: the %s place first", SIDE_NAME[first])
  end
  return true
end

local function read_next(s, text)
  if text == "-" then return true end
  if select(2, text:gsub(",", "")) >= PENDING_MAX then
    return bad("next '%s': at most %d special cards can wait", text,
               PENDING_MAX)
  end
  for item in (text .. ","):gmatch("([^,]*),") do
    local card, side = item:match("^([KAJ])([cg])$")
    if not card then
      return bad("next: '%s' is not K, A or J with c or g", item)
    end
    push_special(s, SPECIAL[CARD_CHARS:find(card) + 1],
                 side == "c" and CAN or GER)
  end
  return true
end

-- Fills the decks from "top first" texts; "?N" decks get unknown cards: the
-- rest of the 52-card pack, shuffled by the generator.
local function read_decks(s, text)
  local parts = { text:match("^([^/]*)/([^/]*)/([^/]*)$") }
  if #parts ~= 3 then
    return bad("decks '%s': expected Canadians/Germans/turned", text)
  end
  local count, unknown = {}, {}
  for d, p in ipairs(parts) do
    local cards = {}
    if p:match("^%?%d+$") then
      unknown[#unknown + 1] = { d = d, n = tonumber(p:sub(2)) }
    elseif p ~= "-" then
      for i = #p, 1, -1 do                       -- bottom first
        local v = CARD_CHARS:find(p:sub(i, i):upper(), 1, true)
        if not v then return bad("decks: '%s' is not a card", p:sub(i, i)) end
        v = v + 1
        cards[#cards + 1] = v
        count[v] = (count[v] or 0) + 1
        if count[v] > 4 then
          return bad("decks: more than four %ss", CARD_NAME[v])
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
-- fewer than 52), and a combat needs one for each side.
local function enough_cards(s, text)
  local n = s:ncards(DECK[CAN]) + s:ncards(DECK[GER]) + s:ncards(TURNED)
  if n >= 2 then return true end
  return bad("decks '%s': a combat turns a card for each side: at least 2 "
             .. "cards", text)
end

local function fresh_decks(s)                                   -- BW-S4
  local pack = {}
  for v = 2, 14 do
    for _ = 1, 4 do pack[#pack + 1] = v end
  end
  s:set_cards(DECK[CAN], pack)
  s:shuffle(DECK[CAN])
  s:split(DECK[CAN], DECK[GER], 26)
end

-- A game that goes on gives the player concerned something to do: actions
-- left in the main phase (BW-A1), a decision they can take (BW-C5).
local choices = wg.actions()
local function playable(self, s, side_text, phase_text)
  local who = SIDE_NAME[s:decider()]
  if s:phase() == P.main and s:left() == 0 then
    return bad("'%s': no actions left in the main phase (the turn would be "
               .. "over)", side_text)
  end
  if s:phase() == P.reinforce and not can_reinforce(self, s, s:decider()) then
    return bad("phase '%s': the %s have no infantry to bring or no room on "
               .. "their back rank", phase_text, who)
  end
  choices:clear()
  self:actions(s, choices)
  if #choices == 0 then
    return bad("phase '%s': the %s have no action to take", phase_text, who)
  end
  return true
end

local KEYS = { "turn", "reserve", "lost", "air", "tank", "used", "done", "new",
               "phase", "next", "rng", "decks" }

function game:set_position(s, text)
  local fields = wg.fen.split(text)
  if #fields < 2 then
    return bad("expected a board, the side to act (c2, g1, ...) "
               .. "and key=value fields")
  end
  local ok, err = wg.fen.read_board(self, s, fields[1])
  if not ok then return nil, err end
  for side = 1, 2 do   -- fighters never stand on the board: air= has them
    for _, pid in ipairs(s:pieces(side)) do
      if s:type(pid) == FIGHTER then
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
  local turn = (kv.turn or "1"):match("^%d+$") and tonumber(kv.turn or "1")
  if not turn or turn < 1 or turn > self.opt.turns + 1 then
    return bad("turn '%s': expected a number from 1 to %d (the turn limit, "
               .. "option turns, is %d)", kv.turn, self.opt.turns + 1,
               self.opt.turns)
  end
  s:set_turn(turn - 1)
  local steps = {
    function()
      return read_units(self, s, "reserve", kv.reserve or "-/-", RESERVE)
    end,
    function() return read_units(self, s, "lost", kv.lost or "-/-", LOST) end,
    function() return read_air(self, s, kv.air or "-/-") end,
    function() return read_tank(self, s, kv.tank or "0") end,
    function() return read_used(s, kv.used or "-") end,
    function() return read_marks(s, "done", kv.done or "-", F_DONE) end,
    function() return read_marks(s, "new", kv.new or "-", F_NEW) end,
    function() return read_phase(self, s, kv.phase or "main") end,
    function()
      if s:phase() ~= P.place then return true end
      return read_placement(self, s)              -- true, or nil and why
    end,
    function() return read_next(s, kv.next or "-") end,
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
    ok, err = read_decks(s, kv.decks)
    if ok then ok, err = enough_cards(s, kv.decks) end
    if not ok then return nil, err end
  else
    fresh_decks(s)
  end
  if game_over(self, s) then return true end
  return playable(self, s, fields[2], kv.phase or "main")
end

-- BW-S3 the start: the placement phase, or the standard setup
function game:start_text()
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
                       standard and self.def.standard or "8/8/8/8/8/8/8/8",
                       SIDE_LETTER[first], self.def.actions_per_turn,
                       reserve[1], reserve[2],
                       air[1], air[2], standard and "main" or "place")
end

return game
