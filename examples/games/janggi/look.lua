-- Janggi as its players draw it: octagonal pieces on the points, Blue's
-- characters in blue and Red's in red (the generals and soldiers named
-- differently by side), and the diagonals of both palaces. The
-- declaration (init.lua) takes these tables.
local look = {}

look.board = {
  board = { light = "#e8c98f", lines = "#4a3520", points = true },
  sides = { { fill = "#f7efe0", ink = "#1f4e9c", edge = "#1f4e9c" },
            { fill = "#f7efe0", ink = "#b3261e", edge = "#b3261e" } },
}

-- Each piece's characters, Blue's then Red's.
look.pieces = {
  general = { text = { "楚", "漢" } },
  guard = { text = "士" },
  elephant = { text = "象" },
  horse = { text = "馬" },
  chariot = { text = "車" },
  cannon = { text = "包" },
  soldier = { text = { "卒", "兵" } },
}

-- The palace lines, drawn through the points.
look.lines = { diagonals = true, ink = "#4a3520", label = "palace lines" }

return look
