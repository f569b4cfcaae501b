-- Courier Army on 10 files by 8 ranks, without corporals: the back rank
-- a->j reads Rook, Knight, Courier, Sage, King, Queen, Jester, Courier,
-- Knight, Rook. The opening moves (C-O1) keep their letters: a and l for
-- the rook files' pawns (a and j here), g the queen's pawn, q the queen.
local wg = require "wargrid"
return wg.variant("courier", {
  name = "courier_10x8",
  title = "Courier Army (10x8)",
  board = { files = 10, ranks = 8 },
  pieces = { corporal = false },
  opening = {
    { letter = "a", piece = "pawn", file = "a", to = 4 },
    { letter = "l", piece = "pawn", file = "j", from = 2, to = 4 },
    { letter = "g", piece = "pawn", file = "f", from = 2, to = 4 },
    { letter = "q", piece = "queen", file = "f", from = 1, to = 3 },
  },
  start = "rnbmkfwbnr/pppppjpppp/10/10/10/10/PPPPPPPPPP/RNBMKFWBNR w - - 0 1"
          .. " ALGQalgq",
})
