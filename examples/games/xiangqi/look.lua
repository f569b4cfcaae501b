-- Xiangqi as its players draw it: the pieces, red and black discs named in
-- characters that differ by side, stand on the points where the lines
-- cross; the river runs between ranks 5 and 6, and each palace has its
-- diagonals. The declaration (init.lua) takes these tables.
local look = {}

-- The board: lines through the points, the river's text in it.
look.board = {
  board = { light = "#f1d9a6", lines = "#5a3a1a", points = true,
            river = { after = 5, label = "楚 河          漢 界" } },
  sides = { { fill = "#fbf3e4", ink = "#b22222", edge = "#b22222" },
            { fill = "#fbf3e4", ink = "#1a1a1a", edge = "#1a1a1a" } },
}

-- Each piece's characters, Red's then Black's.
look.pieces = {
  general = { text = { "帥", "將" } },
  advisor = { text = { "仕", "士" } },
  elephant = { text = { "相", "象" } },
  horse = { text = { "傌", "馬" } },
  chariot = { text = { "俥", "車" } },
  cannon = { text = { "炮", "砲" } },
  soldier = { text = { "兵", "卒" } },
}

-- The palaces' diagonals.
look.palace = { diagonals = true, label = "palace" }

return look
