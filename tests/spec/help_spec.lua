-- Every game explains itself: `play GAME --help` and the in-game `help`
-- show its notation, a key to its pieces and a legend of the board's marks
-- (wargrid.help), and a variant's help follows the variant.
local T = require "wargrid.test"
local loader = require "wargrid.loader"
local files = require "files"
local tmpdir, write = files.tmpdir, files.write
local run = T.run

local function help_of(args)
  local out, err, code = run(args)
  assert.equal(0, code, err)
  return out
end

-- The game's pieces by letter and name, read from the declaration, and the
-- letters its start position shows.
local function pieces_of(game)
  local out = {}
  for name, id in pairs(game.T) do out[#out + 1] = { game.type_letter[id], name } end
  return out
end

local function start_letters(game)
  local board = game:start_text():match("^(%S+)")
  local seen = {}
  for ch in board:gmatch("%a") do seen[ch:lower()] = true end
  return seen
end

-- The characters the board shows on empty squares, after the first few
-- actions of the start (so that debris a game leaves shows too).
local function board_marks(game)
  local s = game:new()
  for _ = 1, 3 do
    local texts = game:action_texts(s)
    if #texts == 0 then break end
    T.play(game, s, texts[#texts // 2 + 1])
  end
  local seen = {}
  local picture = game:render(s)
  for line in picture:gmatch("[^\n]+") do
    local rank = line:match("^%s*%d+ (.*)$")
    if rank then
      for ch in rank:gmatch("%S") do
        if not ch:match("[%w%.]") then seen[ch] = true end
      end
    end
  end
  return seen
end

local function escape(s) return (s:gsub("%p", "%%%0")) end

local CASES = {
  { "courier" }, { "courier_historical" }, { "wehrschach" }, { "trenches" },
  { "amazons" }, { "blockwars" },
}
for _, file in ipairs { "courier_10x8", "courier_nonleaping", "wehrschach_13x13",
                        "wehrschach_no_road", "trenches_barrage", "amazons_6x6",
                        "blockwars_wide" } do
  CASES[#CASES + 1] = { "--variant", "examples/variants/" .. file .. ".lua" }
end

describe("help: every game's piece key and legend", function()
  for _, case in ipairs(CASES) do
    local label = case[2] or case[1]
    it("play " .. label .. " --help names each piece letter and mark the game shows", function()
      local game = case[2] and loader.load_file(case[2]) or T.game(case[1])
      local args = { "play" }
      for _, a in ipairs(case) do args[#args + 1] = a end
      args[#args + 1] = "--help"
      local out = help_of(args)
      local key = out:match("\nPieces %(upper case %u%a+, lower case %u%a+%):\n(.-)\n\n")
      assert.is_string(key, "no piece key in " .. out)
      local n = 0
      for _, p in ipairs(pieces_of(game)) do
        local letter, name = p[1], p[2]:gsub("_", " ")
        assert.matches("\n  " .. letter:upper() .. " " .. letter .. "  " .. escape(name) .. " +%S",
                       "\n" .. key)
        n = n + 1
      end
      -- as many entries as pieces: nothing the game lacks is listed
      local entries = 0
      for _ in key:gmatch("\n  %u %l  ") do entries = entries + 1 end
      assert.equal(n, entries + 1)
      for letter in pairs(start_letters(game)) do
        assert.matches("\n  " .. letter:upper() .. " " .. letter .. "  %a", "\n" .. key)
      end
      local legend = out:match("\nBoard:\n(.-)\n\n") or out:match("\nBoard:\n(.*)$")
      assert.matches("^  %.  an empty square", legend)
      for mark in pairs(board_marks(game)) do
        assert.matches("\n  " .. escape(mark) .. "  %a", "\n" .. legend)
      end
    end)
  end

  it("C-P1..C-P9 Courier's key gives every letter, its piece and how it moves", function()
    local out = help_of { "play", "courier", "--help" }
    assert.matches(escape([[

Pieces (upper case White, lower case Black):
  B b  courier   moves or captures any distance diagonally
  E e  corporal  moves or captures by a leap of two squares diagonally
  F f  queen     moves or captures one square diagonally
  K k  king      moves or captures one square in any direction; royal: no move
                 may leave it attacked
  M m  sage      moves or captures one square in any direction
  N n  knight    moves or captures by a knight's leap
  P p  pawn      moves one square straight forward; captures one square
                 diagonally forward; on its last rank becomes a queen (f)
  R r  rook      moves or captures any distance orthogonally
  W w  jester    moves or captures one square in any direction

Board:
  .  an empty square
]]), out)
  end)

  it("C-V1 historical Courier's jester steps orthogonally, and it has no opening phase", function()
    local out = help_of { "play", "courier_historical", "--help" }
    assert.matches("\n  W w  jester    moves or captures one square orthogonally\n", out)
    assert.is_nil(out:find("Opening phase", 1, true))
    assert.is_nil(out:find("Phases:", 1, true))
  end)

  it("C-O1 Courier Army's help lists its phases from the declaration", function()
    local out = help_of { "play", "courier", "--help" }
    assert.matches("\nPhases:\n  opening %(C%-O1%): each player first makes the opening moves, one a turn, in\n", out)
    assert.matches("\n  play %(C%-E1%): every piece moves by its pattern;", out)
  end)

  it("T-B1 Trenches' x is debris, T-G1 T-T1 its actions are told with examples legal at the start", function()
    local out = help_of { "play", "trenches", "--help" }
    assert.matches("\n  x  debris %(a dead square%)\n", out)
    assert.matches("\n  g1%-e1/a5    the soldier on g1 moves to e1, then throws a grenade to a5,\n"
                   .. "              which becomes debris %(T%-G1%)\n", out)
    assert.matches("\n  f3%-a8       the tank on f3 moves to a8; f3 becomes debris %(T%-T1%)\n", out)
    local moves = run { "moves", "trenches" }
    assert.matches("\ng1%-e1/a5\n", moves)
    assert.matches("\nf3%-a8\n", moves)
  end)

  it("the in-game help shows the same as --help, after the commands", function()
    for _, game in ipairs { "courier", "trenches", "wehrschach" } do
      local help = help_of { "play", game, "--help" }
      local text = help:match("is not set%.\n\n(.*)$")   -- after play's own help
      assert.is_string(text)
      local out = run({ "play", game, "--ai", "none" }, "help\nquit\n")
      assert.truthy(out:find("  quit        leave the game\n\n" .. text, 1, true), game)
    end
  end)
end)

describe("help: a variant's help follows the variant", function()
  local dir = tmpdir()
  write(dir .. "/support3.lua", [[
local wg = require "wargrid"
return wg.variant("wehrschach", { name = "support3", support = 3 })
]])
  write(dir .. "/barrage3.lua", [[
local wg = require "wargrid"
return wg.variant("wehrschach", { name = "barrage3", barrage = 3 })
]])

  it("W-K1 W-K3 Wehrschach tells the support its declaration asks: two, or three", function()
    local base = help_of { "play", "wehrschach", "--help" }
    local W_K1 = "\n                your pieces, this one among them, must threaten f6 %(W%-K1%)"
    assert.matches("at least two of" .. W_K1, base)
    assert.matches("two or more of your artillery threatening f6 remove it;", base)
    local out = help_of { "play", "--variant", dir .. "/support3.lua", "--help" }
    assert.matches("at least three of" .. W_K1, out)
    -- a barrage is a capture too: three pieces threaten, two of them
    -- artillery, as many as the barrage's own key asks
    assert.matches("two or more of your artillery threatening f6, and at least three of your "
                   .. "pieces in all %(W%-K1%), remove it; nothing moves %(W%-K3%)",
                   (out:gsub("\n +", " ")))
    assert.is_nil(out:find("second piece", 1, true))
    assert.is_nil(out:find("at least two", 1, true))
  end)

  it("W-K3 Wehrschach tells the artillery a barrage asks, its own key apart from W-K1's", function()
    local out = help_of { "play", "--variant", dir .. "/barrage3.lua", "--help" }
    assert.matches("at least two of" .. "\n                your pieces, this one among them, must "
                   .. "threaten f6 %(W%-K1%)", out)
    assert.matches("three or more of your artillery threatening f6 remove it; nothing moves "
                   .. "%(W%-K3%)", (out:gsub("\n +", " ")))
    assert.is_nil(out:find("two or more", 1, true))
  end)

  it("W-F1 the fire example names the square the artillery backs it from", function()
    local out = help_of { "play", "wehrschach", "--help" }
    assert.matches("\n  fire c6xd6    the fighter or bomber on c6 takes d6, your artillery on h6\n", out)
    -- and so it is: with a blue piece on d6 and red artillery on h6, the plane on c6 fires
    local wehrschach = T.game "wehrschach"
    local s = T.position(wehrschach, T.board(wehrschach, { c6 = "F", d6 = "i", h6 = "A", f1 = "H",
                                                           f11 = "h" }) .. " r -")
    local texts = table.concat(T.texts(wehrschach, s), ",")
    assert.matches(",fire c6xd6,", "," .. texts .. ",")
  end)

  it("C-O1 a Courier variant lists its own opening moves, and none of a piece it removed", function()
    local out = help_of { "play", "--variant", "examples/variants/courier_10x8.lua", "--help" }
    assert.matches(escape([[
  a2a4  a7a5  the pawn two squares straight forward
  j2j4  j7j5  the pawn two squares straight forward
  f2f4  f7f5  the pawn two squares straight forward
  f1f3  f8f6  the queen two squares straight forward; it needs f2 empty, so it
              follows f2f4
So White's first move is one of a2a4, f2f4 or j2j4.
]]), out)
    assert.is_nil(out:find("corporal", 1, true))
    assert.is_nil(out:find("\n  E e", 1, true))
    -- the moves it names are the legal ones
    local moves = run { "moves", "--variant", "examples/variants/courier_10x8.lua" }
    assert.equal("a2a4\nf2f4\nj2j4\n", moves)
    out = help_of { "play", "courier", "--help" }
    assert.matches("\nSo White's first move is one of a2a4, g2g4 or l2l4%.\n", out)
    assert.equal("a2a4\ng2g4\nl2l4\n", (run { "moves", "courier" }))
  end)

  it("C-P4 a variant that changes a piece's moves gets words for its new moves", function()
    local out = help_of { "play", "--variant", "examples/variants/courier_nonleaping.lua", "--help" }
    assert.matches("\n  E e  corporal  moves or captures exactly two squares diagonally\n", out)
  end)

  it("T-G2 T-G3 a Trenches variant's grenade rules are told as it declares them", function()
    local out = help_of { "play", "--variant", "examples/variants/trenches_barrage.lua", "--help" }
    assert.matches("around a tank %(T%-T2%), and those squares stop it in flight%.", out:gsub("\n", " "))
    assert.matches("A grenade may not land on the square the soldier just left%.", out:gsub("\n", " "))
    out = help_of { "play", "trenches", "--help" }
    assert.matches("it may fly over them %(T%-G2%)%. A grenade may land on the square the soldier "
                   .. "just left %(T%-G3%)%.", out:gsub("\n", " "))
  end)

  it("T-V1 the Amazons have no tank to tell of", function()
    local out = help_of { "play", "amazons", "--help" }
    assert.is_nil(out:find("tank", 1, true))
    assert.matches("\n  Q q  soldier  the amazon: ", out)
    assert.matches("\n  x  a burnt square %(debris%)", out)
  end)

  it("W-B2 the legend follows the board a variant declares", function()
    local out = help_of { "play", "--variant", "examples/variants/wehrschach_no_road.lua", "--help" }
    assert.is_nil(out:find("main road\n", 1, true))
    out = help_of { "play", "--variant", "examples/variants/wehrschach_13x13.lua", "--help" }
    assert.matches("\n  |  main road\n", out)
  end)
end)
