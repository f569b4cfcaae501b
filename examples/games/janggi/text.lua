-- Janggi's position text and notation. The position text is
-- Fairy-Stockfish's FEN for `janggi`: the board from rank 10 down, Blue in
-- upper case (K general, A guard, B elephant, N horse, R chariot, C
-- cannon, P soldier), the side to move (w Blue, b Red), castling and en
-- passant always "-", the half-move clock and the move number. Moves are
-- written as Fairy-Stockfish writes them, from-point to-point (h1g3); a
-- pass is "pass" (Fairy-Stockfish writes the general's point twice, e2e2,
-- which is read too).
local wg = require "wargrid"
local fen = wg.fen

local text = {}

local NOTATION = [[
Janggi moves are written from-point to-point, as Fairy-Stockfish writes
them: h1g3 (a horse), b3e3 (a cannon over a piece). Files a-i from Blue's
left, ranks 1-10 from Blue's side. pass passes the turn (not in check;
Fairy-Stockfish's e2e2, your general's point twice, is read as a pass).
Blue (upper case) moves first; the position text is Fairy-Stockfish's
FEN.]]

local FORM = {
  sides = { "w", "b" }, dashes = { [3] = "castling", [4] = "en passant" },
  fields = 6, counters = 5,
  more = "castling and en passant (-), the half-move clock and the move "
         .. "number",
}

function text.install(game)
  game.def.notation = NOTATION

  function game:action_text(s, a)
    local kind, from, to = wg.fields(a)
    if kind == self.PASS then return "pass" end
    return self.rules:name(from) .. self.rules:name(to)
  end

  -- Fairy-Stockfish's pass, the general's point twice, is read as "pass"
  local function pass_text(self, s, input)
    for _, pid in ipairs(s:pieces(s:side())) do
      local name = self.rules:name(s:square(pid))
      if s:type(pid) == self.T.general
         and wg.why.normal(input) == name .. name then
        return "pass"
      end
    end
    return input
  end
  local parse, explain = game.parse_action, game.explain
  function game:parse_action(s, input)
    return parse(self, s, pass_text(self, s, input))
  end
  function game:explain(s, input)
    return explain(self, s, pass_text(self, s, input))
  end

  function game:does(s, a)
    if wg.fields(a) == self.PASS then
      return wg.why.the_side(self, s:side()) .. " passes"
    end
    return wg.why.does(self, s, a)
  end

  function game:position_text(s)
    return fen.write_position(self, s, FORM, "-", "-")
  end

  -- one general each, the side not to move not in check (J-E1); a check
  -- of the side to move was given by the last move (J-E4)
  function game:set_position(s, input)
    local ok, err = fen.read_position(self, s, input, FORM)
    err = ok and fen.royals(self, s) or err
    if err then return nil, err end
    local V, side = self.V, s:side()
    s:set_var(side == 1 and V.checks_red or V.checks_blue,
              s:in_check(side) and 1 or 0)
    return true
  end
end

return text
