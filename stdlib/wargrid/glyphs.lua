-- wargrid.glyphs: the drawings a piece's look may name (look.glyph), each
-- drawn in a box of 100 by 100 units scaled to its square. A glyph is a
-- list of parts, the form a game or variant may also write its own in:
--   { "path", d = "M 10 90 H 90 ...", paint = "body" }
--   { "circle", cx = 50, cy = 30, r = 12, paint = "ink" }
-- paint says how the side's colours apply: "body" (filled with the side's
-- colour, outlined in its ink), "ink" (filled with the ink), "line" (a
-- stroke of ink; `width` its thickness, default 4) or "hole" (the side's
-- colour, no outline: a cut into an ink part). Chess-like pieces are
-- silhouettes of body parts; a war game's symbols are ink and line parts
-- drawn on a counter (look.shape = "counter").
local G = {}

-- Chess pieces ------------------------------------------------------------

G.pawn = {
  { "path", paint = "body",
    d = "M 30 88 H 70 V 80 C 70 74 62 72 58 62 C 56 56 56 52 60 48 "
        .. "H 40 C 44 52 44 56 42 62 C 38 72 30 74 30 80 Z" },
  { "circle", cx = 50, cy = 32, r = 14, paint = "body" },
}

G.rook = {
  { "path", paint = "body",
    d = "M 26 88 H 74 V 80 H 66 L 63 46 H 70 V 22 H 61 V 30 H 55 V 22 "
        .. "H 45 V 30 H 39 V 22 H 30 V 46 H 37 L 34 80 H 26 Z" },
  { "path", paint = "line", width = 3, d = "M 34 80 H 66 M 37 46 H 63" },
}

G.knight = {
  { "path", paint = "body",
    d = "M 28 88 H 76 C 78 66 74 46 64 34 C 58 26 52 22 46 22 L 44 12 "
        .. "L 38 22 C 30 28 24 40 18 54 C 16 60 22 66 28 62 C 32 58 38 56 "
        .. "46 54 C 40 66 28 72 28 88 Z" },
  { "circle", cx = 42, cy = 34, r = 3.5, paint = "ink" },
  { "path", paint = "line", width = 3, d = "M 24 58 L 27 56" },
}

G.bishop = {
  { "circle", cx = 50, cy = 14, r = 6, paint = "body" },
  { "path", paint = "body",
    d = "M 50 20 C 34 32 30 50 38 64 H 62 C 70 50 66 32 50 20 Z" },
  { "path", paint = "line", width = 3, d = "M 58 32 L 47 46" },
  { "path", paint = "body",
    d = "M 26 88 H 74 V 82 C 66 80 62 74 62 64 H 38 C 38 74 34 80 26 82 Z" },
}

G.king = {
  { "path", paint = "body",
    d = "M 46 8 H 54 V 14 H 60 V 22 H 54 V 32 H 46 V 22 H 40 V 14 H 46 Z" },
  { "path", paint = "body",
    d = "M 50 44 C 44 30 20 30 20 48 C 20 62 32 68 34 78 H 66 C 68 68 80 "
        .. "62 80 48 C 80 30 56 30 50 44 Z" },
  { "path", paint = "line", width = 3, d = "M 50 44 V 76" },
  { "path", paint = "body", d = "M 30 78 H 70 V 90 H 30 Z" },
}

G.queen = {
  { "path", paint = "body",
    d = "M 20 34 L 34 76 H 66 L 80 34 L 64 56 L 60 24 L 50 54 L 40 24 "
        .. "L 36 56 Z" },
  { "circle", cx = 20, cy = 32, r = 5, paint = "body" },
  { "circle", cx = 40, cy = 22, r = 5, paint = "body" },
  { "circle", cx = 60, cy = 22, r = 5, paint = "body" },
  { "circle", cx = 80, cy = 32, r = 5, paint = "body" },
  { "path", paint = "body", d = "M 30 76 H 70 L 72 90 H 28 Z" },
}

-- The ferz, the old counsellor: a plain squat piece under a small round
-- cap, a saltire on its body for its one step diagonally (Courier's queen
-- moves so, unlike the modern queen).
G.ferz = {
  { "path", paint = "body",
    d = "M 28 88 H 72 V 80 C 72 74 64 72 62 64 L 66 40 C 68 28 60 20 50 20 "
        .. "C 40 20 32 28 34 40 L 38 64 C 36 72 28 74 28 80 Z" },
  { "circle", cx = 50, cy = 13, r = 6, paint = "body" },
  { "path", paint = "line", width = 4,
    d = "M 42 36 L 58 56 M 58 36 L 42 56" },
  { "path", paint = "line", width = 3, d = "M 36 72 H 64" },
}

-- A man's bust: the sage or major of Courier chess.
G.sage = {
  { "path", paint = "body",
    d = "M 24 88 C 24 64 36 54 50 54 C 64 54 76 64 76 88 Z" },
  { "circle", cx = 50, cy = 34, r = 15, paint = "body" },
  { "path", paint = "body", d = "M 34 30 C 36 14 64 14 66 30 Z" },
}

-- A fool's cap with three bells.
G.jester = {
  { "path", paint = "body",
    d = "M 26 88 C 26 70 36 62 50 62 C 64 62 74 70 74 88 Z" },
  { "circle", cx = 50, cy = 50, r = 12, paint = "body" },
  { "path", paint = "body",
    d = "M 34 44 C 30 32 22 26 12 24 C 26 24 36 28 42 36 C 42 26 46 16 "
        .. "50 8 C 54 16 58 26 58 36 C 64 28 74 24 88 24 C 78 26 70 32 66 "
        .. "44 Z" },
  { "circle", cx = 12, cy = 24, r = 5, paint = "ink" },
  { "circle", cx = 50, cy = 8, r = 5, paint = "ink" },
  { "circle", cx = 88, cy = 24, r = 5, paint = "ink" },
}

-- A shield with a corporal's two chevrons.
G.corporal = {
  { "path", paint = "body",
    d = "M 26 16 H 74 V 54 C 74 72 62 82 50 90 C 38 82 26 72 26 54 Z" },
  { "path", paint = "line", width = 6,
    d = "M 36 50 L 50 38 L 64 50 M 36 66 L 50 54 L 64 66" },
}

-- Soldiers and machines, as silhouettes ------------------------------------

-- A soldier in a steel helmet, head and shoulders.
G.soldier = {
  { "path", paint = "body",
    d = "M 22 88 C 22 68 34 60 50 60 C 66 60 78 68 78 88 Z" },
  { "circle", cx = 50, cy = 46, r = 13, paint = "body" },
  { "path", paint = "body",
    d = "M 16 38 H 84 V 42 H 16 Z M 28 38 C 28 16 72 16 72 38 Z" },
}

-- A tank from the side: hull, turret and gun.
G.tank = {
  { "path", paint = "body",
    d = "M 8 54 H 92 L 97 68 L 86 86 H 14 L 3 68 Z" },
  { "path", paint = "body", d = "M 22 54 L 30 32 H 64 L 72 54 Z" },
  { "path", paint = "body", d = "M 64 38 H 98 V 46 H 68 Z" },
  { "circle", cx = 18, cy = 70, r = 6, paint = "ink" },
  { "circle", cx = 34, cy = 70, r = 6, paint = "ink" },
  { "circle", cx = 50, cy = 70, r = 6, paint = "ink" },
  { "circle", cx = 66, cy = 70, r = 6, paint = "ink" },
  { "circle", cx = 82, cy = 70, r = 6, paint = "ink" },
}

-- War-game symbols, ink on a counter ---------------------------------------

local FRAME = { "path", paint = "line", width = 5,
                d = "M 18 28 H 82 V 72 H 18 Z" }

-- NATO's infantry: a frame crossed corner to corner.
G.infantry = { FRAME, { "path", paint = "line", width = 5,
                        d = "M 18 28 L 82 72 M 82 28 L 18 72" } }

-- NATO's armour: a frame around a track.
G.armour = { FRAME, { "path", paint = "line", width = 5,
                      d = "M 36 40 H 64 A 10 10 0 0 1 64 60 H 36 "
                          .. "A 10 10 0 0 1 36 40 Z" } }

-- NATO's artillery: a frame around a dot.
G.artillery = { FRAME, { "circle", cx = 50, cy = 50, r = 9, paint = "ink" } }

-- A machine gun on its tripod.
G.machinegun = {
  { "path", paint = "line", width = 6, d = "M 16 40 H 86" },
  { "path", paint = "ink", d = "M 30 32 H 56 V 52 H 30 Z" },
  { "path", paint = "line", width = 5,
    d = "M 44 52 L 28 80 M 44 52 L 60 80 M 44 52 V 80" },
}

-- A fighter seen from above, nose up.
G.fighter = {
  { "path", paint = "ink",
    d = "M 50 10 C 55 10 56 18 56 26 V 38 L 88 48 V 56 L 56 52 V 72 "
        .. "L 68 80 V 86 L 50 82 L 32 86 V 80 L 44 72 V 52 L 12 56 V 48 "
        .. "L 44 38 V 26 C 44 18 45 10 50 10 Z" },
}

-- A bomber seen from above: long straight wings with four engines.
G.bomber = {
  { "path", paint = "ink",
    d = "M 50 8 C 55 8 56 16 56 26 V 34 H 94 V 48 H 56 V 72 H 72 V 84 "
        .. "H 28 V 72 H 44 V 48 H 6 V 34 H 44 V 26 C 44 16 45 8 50 8 Z" },
  { "path", paint = "ink",
    d = "M 16 26 H 24 V 36 H 16 Z M 31 26 H 39 V 36 H 31 Z "
        .. "M 61 26 H 69 V 36 H 61 Z M 76 26 H 84 V 36 H 76 Z" },
}

-- A headquarters' flag on its staff.
G.headquarters = {
  { "path", paint = "line", width = 6, d = "M 32 14 V 88" },
  { "path", paint = "ink", d = "M 32 16 H 76 L 64 32 L 76 48 H 32 Z" },
  { "path", paint = "line", width = 5, d = "M 22 88 H 46" },
}

-- A tank of 1916 from the side: the track round its rhomboid hull, a
-- sponson gun; drawn on a counter as large as the tank.
G.rhomboid = {
  { "path", paint = "ink",
    d = "M 4 74 L 20 34 C 22 30 24 28 30 28 H 68 C 72 28 74 29 76 32 "
        .. "L 97 64 C 98 67 98 70 96 73 L 92 80 C 91 82 89 83 86 83 H 10 "
        .. "C 6 83 3 79 4 74 Z" },
  { "path", paint = "hole",
    d = "M 15 70 L 27 40 C 28 38 29 37 31 37 H 66 C 68 37 69 38 70 40 "
        .. "L 86 66 C 87 68 87 70 85 72 C 84 73 83 74 81 74 H 17 C 15 74 "
        .. "14 72 15 70 Z" },
  { "circle", cx = 28, cy = 66, r = 4, paint = "ink" },
  { "circle", cx = 72, cy = 66, r = 4, paint = "ink" },
  { "path", paint = "ink", d = "M 38 46 H 60 L 56 66 H 42 Z" },
  { "path", paint = "line", width = 5, d = "M 58 54 H 80" },
}

return G
