-- scales: a toy game whose pieces' worth is known, for the specs of
-- `wargrid tune`. Each side starts with two pawns and some of the two
-- pawns and two golds of its back rank (each kept or not by the game's
-- seed); the pieces walk one square at a time and never take; after
-- twelve actions the game is decided by chance: White wins with
-- probability 1 / (1 + e^-d), d its material less Black's by the worths
-- in `truth`. So the logistic fit of the result on
-- the material is exact, and its weights are the truth: a gold worth
-- three pawns.
local wg = require "wargrid"

local game = wg.game {
  name = "scales",
  keys = { truth = { type = "map of number",
                     help = "each piece's true worth: what decides" } },
  board = { files = 4, ranks = 5 },
  sides = { "white", "black" },
  pieces = {
    pawn = { letter = "p", moves = "mK", value = 1 },
    gold = { letter = "g", moves = "mK", value = 3 },
  },
  truth = { pawn = 1, gold = 3 },
  vars = { plies = {}, winner = {} },
  start = "gppg/1pp1/4/1PP1/GPPG w",
}

local PLIES = 12

-- A new game: the start, each piece of the back ranks kept or taken off
-- by the seed's draw.
local new = game.new
function game:new(text, seed)
  local s, err = new(self, text, seed)
  if not s or text then return s, err end
  for pid = 1, s:npieces() do
    local _, r = self.rules:coords(s:square(pid))
    if (r == 1 or r == 5) and s:random(2) == 1 then s:remove(pid) end
  end
  return s
end

function game:actions(s, out)
  if s:var(self.V.winner) ~= 0 then return end
  s:trace(out, s:side())
end

-- White's material less Black's, by the truth.
local function lead(self, s)
  local d = 0
  for _, pid in ipairs(s:pieces(1)) do
    d = d + self.def.truth[self.type_names[s:type(pid)]]
  end
  for _, pid in ipairs(s:pieces(2)) do
    d = d - self.def.truth[self.type_names[s:type(pid)]]
  end
  return d
end

function game:play(s, a)
  s:apply_move(a)
  s:end_turn()
  local n = s:var(self.V.plies) + 1
  s:set_var(self.V.plies, n)
  if n == PLIES then
    local p = 1 / (1 + math.exp(-lead(self, s)))
    s:set_var(self.V.winner, s:random(1000000) <= p * 1000000 and 1 or 2)
  end
end

function game:result(s)
  local winner = s:var(self.V.winner)
  if winner ~= 0 then return winner, "the scales" end
  return 3 - s:side(), "no move"
end

local FORM = { sides = { "w", "b" } }

function game:position_text(s)
  return wg.fen.write_position(self, s, FORM)
end

function game:set_position(s, text)
  local fields, err = wg.fen.read_position(self, s, text, FORM)
  if not fields then return nil, err end
  return true
end

return game
