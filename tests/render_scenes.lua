-- The positions the render specs draw: the start and one mid-game position
-- of each game, each mid-game one reached by actions so that the last one
-- is drawn (a capture, a grenade, a barrage, an attack whose King leaves
-- the combat's cards face up). tests/golden/NAME.svg holds each picture,
-- reviewed; render_golden_spec compares, render_spec checks them.
local T = require "wargrid.test"
local svg = require "wargrid.svg"

local M = {}

local COURIER_OPENING = { "a2a4", "a7a5", "g2g4", "g7g5", "l2l4", "l7l5",
                          "g1g3", "g8g6" }

local function with(list, ...)
  local out = table.move(list, 1, #list, 1, {})
  for _, a in ipairs { ... } do out[#out + 1] = a end
  return out
end

-- Each scene: its name (the golden file's), the game, options, a position
-- (nil: the start), the actions played from it, and render options: from
-- (a square's name), viewer (a side), flip.
M.scenes = {
  { name = "courier-start", game = "courier" },
  { name = "courier-mid", game = "courier",
    actions = with(COURIER_OPENING, "b1c3", "k8j6", "c3d5", "j6i4", "d5c7") },
  -- C-P3 the black sergeant on i4: its moves, and its capture of g3
  { name = "courier-from", game = "courier", from = "i4",
    actions = with(COURIER_OPENING, "b1c3", "k8j6", "c3d5", "j6i4", "d5c7") },
  { name = "courier_historical-start", game = "courier_historical" },
  { name = "courier_historical-mid", game = "courier_historical",
    actions = { "b1c3", "b8c6", "c3b5", "c6b4", "b5c7" } },
  { name = "wehrschach-start", game = "wehrschach" },
  -- W-K3 the last action: Blue's barrage on h9
  { name = "wehrschach-mid", game = "wehrschach",
    actions = { "h3g2", "d9c10", "f2f4", "b11b8", "h1i2", "h9g8", "b1e4",
                "g8d8", "f4g5", "d10d9", "e4f5", "i9i10", "f5g4", "c10b11",
                "d3g6", "d8e8", "g4j7", "b8a7", "b2c2", "a7d4", "j7h9", "d4b6",
                "j1j6", "c9c10", "g6d3", "b9a10", "c3e5", "j10h8", "b3c3",
                "d11h7", "j3k4", "h7g6", "e3e4", "b10b9", "i3i4", "h8h5",
                "g2f3", "barrage h9" } },
  { name = "trenches-start", game = "trenches" },
  -- T-G1, T-T1 grenades' and tanks' debris; the last a soldier's throw
  { name = "trenches-mid", game = "trenches",
    actions = { "j4-b4/d6", "j7-j5/j9", "b4-f4/g5", "j5-j3/g6", "d1-f1/e1",
                "a7-e7/i7", "a4-a10/a2", "c9-c7", "g1-j1/j2" } },
  { name = "amazons-start", game = "amazons" },
  { name = "amazons-mid", game = "amazons",
    actions = { "j4-f8/g7", "a7-f7/h9", "a4-e8/c6", "f7-c4/e4", "f8-g9/f8",
                "d10-d8/a8" } },
  -- BW-S3 the placement phase: the board empty, the Germans place first
  { name = "blockwars-start", game = "blockwars" },
  -- BW-A3, BW-C4, BW-C6: an attack that turns a King, the combat's cards
  -- face up while the barrage is chosen; a damaged tank (BW-C3), fighters
  -- damaged and destroyed
  { name = "blockwars-mid", game = "blockwars",
    position = "2iiii2/2iiii2/iim2mii/8/3ii3/IIIIMIII/IIIITT2/IIIITT2 c2 "
               .. "turn=4 reserve=I5/i6 lost=I/i2 air=do/xo tank=1 "
               .. "decks=K793/5482/Q6",
    actions = { "c3c4xd4" } },
  -- BW-H1 the same, as the Germans may see it
  { name = "blockwars-view", game = "blockwars", viewer = 2,
    position = "2iiii2/2iiii2/iim2mii/8/3ii3/IIIIMIII/IIIITT2/IIIITT2 c2 "
               .. "turn=4 reserve=I5/i6 lost=I/i2 air=do/xo tank=1 "
               .. "decks=K793/5482/Q6",
    actions = { "c3c4xd4" } },
  -- X-P6 the red cannon's capture over its soldier; a black horse's moves
  { name = "xiangqi-mid", game = "examples/games/xiangqi", from = "b10",
    actions = { "h3e3", "h10g8", "e3e7" } },
  -- J-B3 the general's moves along the palace lines
  { name = "janggi-mid", game = "examples/games/janggi", from = "e2",
    actions = { "c4d4", "c7d7" } },
}

-- M.build(scene) -> game, state, render options (the last action in them)
function M.build(scene)
  local game = T.game(scene.game):with_options(scene.options)
  local s = T.position(game, scene.position or game:start_text())
  local opts = { viewer = scene.viewer, flip = scene.flip }
  for _, text in ipairs(scene.actions or {}) do
    local a, err = game:parse_action(s, text)
    assert(a, err)
    game:play(s, a)
    opts.last = a
  end
  if scene.from then opts.from = game.rules:square(scene.from) end
  return game, s, opts
end

-- M.render(scene) -> the scene's SVG text
function M.render(scene)
  return svg.position(M.build(scene))
end

return M
