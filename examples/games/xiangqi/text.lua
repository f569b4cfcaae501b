-- Xiangqi's position text and notation. The position text is
-- Fairy-Stockfish's FEN for `xiangqi`: the board from rank 10 down, Red in
-- upper case (K general, A advisor, B elephant, N horse, R chariot, C
-- cannon, P soldier), the side to move (w Red, b Black), castling and en
-- passant always "-", the half-move clock (moves since the last capture)
-- and the move number. Actions are written as Fairy-Stockfish writes
-- moves: from-point to-point, h2e2.
local wg = require "wargrid"
local fen = wg.fen

local text = {}

local NOTATION = [[
Xiangqi moves are written from-point to-point, as Fairy-Stockfish writes
them: h3e3 (Red's cannon to the centre file), b1c3 (a horse). Files a-i
from Red's left, ranks 1-10 from Red's side. Case, spaces and dashes do
not matter. Red (upper case) moves first; the position text is
Fairy-Stockfish's FEN.]]

local FORM = { sides = { "w", "b" }, fields = 6, counters = 5,
               dashes = { [3] = "castling", [4] = "en passant" },
               more = "castling and en passant (always -), the half-move "
                      .. "clock and the move number" }

function text.install(game)
  function game:notation()
    return NOTATION
  end

  -- One general a side, the side not to move not in check (X-E1, X-E2).
  function game:set_position(s, input)
    local f, err = fen.read_position(self, s, input, FORM)
    if not f then return nil, err end
    err = fen.royals(self, s)
    if err then return nil, err end
    -- a side to move in check was checked by the last move (X-E4)
    if s:in_check(s:side()) then
      local V = self.V
      s:set_var(s:side() == 1 and V.checks_black or V.checks_red, 1)
    end
    return true
  end

  function game:position_text(s)
    return fen.write_position(self, s, FORM, "-", "-")
  end
end

return text
