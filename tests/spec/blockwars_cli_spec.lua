-- Block Wars in the terminal: options, decisions, narration, and what each
-- player (and the built-in opponent) is shown of the hidden decks (BW-H1).
local T = require "wargrid.test"
local run = T.run

local bw = T.game "blockwars"

local function lines(s)
  local t = {}
  for l in s:gmatch("[^\n]+") do t[#t + 1] = l end
  return t
end

-- A position text from a map, as the rules spec writes them.
local function text(map, rest) return T.board(bw, map) .. " " .. rest end

describe("blockwars: the command line", function()
  it("BW-S3 BW-C5 moves lists the decision of the current phase: placing the Germans", function()
    local out, _, code = run { "moves", "blockwars" }
    assert.equal(0, code)
    assert.equal(32, #lines(out))
    assert.equal("i@a6", lines(out)[1])
    out = run { "moves", "blockwars", "--position",
                text({ d4 = "I", h8 = "i" }, "g1 phase=barrage:g decks=2/2/-") }
    assert.equal(128, #lines(out))
  end)

  it("BW-A1 moves and perft take --option; perft 1 counts what moves lists", function()
    local out, _, code = run { "moves", "blockwars", "--option", "setup=standard" }
    assert.equal(0, code)
    local n = #lines(out)
    assert.equal("a6a5", lines(out)[1])
    assert.equal("pass", lines(out)[n])
    out = run { "perft", "blockwars", "1", "--option", "setup=standard" }
    assert.equal("Nodes searched: " .. n .. "\n", out)
  end)

  it("BW-O1 BW-O2 a bad option is one clear line and exit status 2", function()
    local out, err, code = run { "moves", "blockwars", "--option", "nosuch" }
    assert.equal(2, code)
    assert.equal("", out)
    assert.equal("wargrid: blockwars has no option 'nosuch' (options: aces, crosses, setup, "
                 .. "turns)\n", err)
    out, err, code = run { "moves", "blockwars", "--option", "turns=soon" }
    assert.equal(2, code)
    assert.equal("", out)
    assert.equal("wargrid: option turns takes a whole number from 1 to "
                 .. "2147483647, not 'soon'\n", err)
  end)

  it("BW-O2 play blockwars --option aces works against the built-in opponent", function()
    local out, _, code = run({ "play", "blockwars", "--option", "aces", "--seed", "3" },
                             "moves\nquit\n")
    assert.equal(0, code)
    assert.matches("^Block Wars%. Type 'help'", out)
    assert.matches("The seed was 3 %(replay with %-%-seed 3%)%.\n$", out)   -- only at the end
    assert.matches("germans plays [im]@%a%d", out)             -- it placed its units
    assert.matches("Canadians place 4 infantry on rank 1", out)
    assert.matches("fighters 1 ready %(ace%), 2 ready", out)
    assert.matches("\ncanadians> place: i@a1 i@a2 ", out)
  end)

  it("BW-A1 BW-C5 play --help and the in-game help show Block Wars' notation", function()
    local out, _, code = run { "play", "blockwars", "--help" }
    assert.equal(0, code)
    assert.matches("\nBlock Wars actions %(case, spaces and dashes do not matter%):\n", out)
    assert.matches("\n  e4xf5 +it attacks f5", out)
    assert.matches("\n  fly 1, fly 2 +which fighter a Jack sends to strafe\n", out)
    out = run({ "play", "blockwars", "--ai", "none" }, "help\nquit\n")
    assert.matches("\nBlock Wars actions .*\n  cross, no cross +save your beaten infantry", out)
  end)

  it("BW-C1 BW-C4 play tells each combat step by step, cards and outcome in words", function()
    local pos = text({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 decks=K24/52/-")
    local out = run({ "play", "blockwars", "--ai", "none", "--position", pos },
                    "e4xe5\nbarrage e4\nquit\n")
    assert.matches("  The Canadian infantry on e4 attacks the German infantry on e5: Canadians "
                   .. "turn King, Germans turn 5%.\n  The Canadians win%.\n  The German "
                   .. "infantry on e5 falls%.\n  The Canadians fire an artillery barrage: they "
                   .. "choose the square%.\n", out)
    assert.matches("Canadians choose where the barrage falls %(barrage SQ%)%.", out)
    assert.matches("  The barrage falls on e4 %(hits on 2%-3%)%.\n  2 for the Canadian "
                   .. "infantry on e4%.\n  The Canadian infantry on e4 falls%.\n", out)
    assert.matches("Cards turned, last first: 2 5 King", out)
  end)

  it("BW-H1 a player's position shows the decks as counts, never their order", function()
    local pos = text({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 decks=923/527/-")
    -- a seed of its own: a random one is printed at the end, and may hold 923
    local out = run({ "play", "blockwars", "--ai", "none", "--seed", "1", "--position", pos },
                    "position\nquit\n")
    assert.matches("decks=%?3/%?3/%-\n", out)
    assert.is_nil(out:find("923", 1, true))
    assert.is_nil(out:find("rng=", 1, true))
  end)

  it("BW-H2 undo in play never takes back an attack: its cards stay turned", function()
    local pos = text({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 decks=?26/?26/-")
    local out = run({ "play", "blockwars", "--ai", "none", "--seed", "4", "--position", pos },
                    "e4xe5\nundo\nposition\nquit\n")
    assert.matches("\ncanadians> cannot undo past e4xe5: it turned cards %(BW%-H2%)\n", out)
    assert.matches("\ncanadians> [^\n]* decks=%?25/%?25/", out)   -- one card each, still out
  end)

  it("BW-H1 the built-in opponent sees only its view: hidden order does not change its choice", function()
    -- the German attack on e4 loses with the first decks and wins with the
    -- second; an opponent that read them would choose differently
    local first, second
    for k, decks in ipairs { "9/2/-", "2/9/-" } do
      local pos = text({ e4 = "I", e5 = "i", d5 = "i", a1 = "I", h8 = "i" }, "g1 decks=" .. decks)
      local out = run({ "play", "blockwars", "--ai", "germans", "--seed", "11", "--position", pos },
                      "quit\n")
      local choice = out:match("germans plays (%S+)")
      assert.truthy(choice, out)
      if k == 1 then first = choice else second = choice end
    end
    assert.equal(first, second)
  end)

  it("BW-S3 play: place standard and place random place all remaining units; undo takes them back", function()
    local out, _, code = run({ "play", "blockwars", "--ai", "none", "--seed", "1" },
                             "moves\ni@c8\nplace standard\nplace standard\nundo\nposition\nplace standard\n"
                             .. "place random\nposition\nplace random\nquit\n")
    assert.equal(0, code)
    assert.matches("\nall at once: place standard, place random\n", out)
    assert.matches("germans> place standard: i@d8, i@e8, i@f8, i@c7, i@d7, i@e7, i@f7, i@a6, i@b6, "
                   .. "i@d6, i@e6, i@g6, i@h6, m@c6, m@f6\n", out)
    -- the Germans' undo takes back their place standard whole (and the Canadians' since)
    assert.matches("germans> 2i5/8/8/8/8/8/8/8 g2 ", out)
    assert.matches("canadians> place random: ", out)
    assert.matches("germans> 2iiii2/2iiii2/iimiimii/8/8/%S+ g2 turn=1 %S+ %S+ %S+ %S+ %S+ %S+ %S+ phase=main ",
                   out)
    assert.matches("germans> place random places your units in the placement phase %(BW%-S3%), which is over\n",
                   out)
  end)

  it("BW-S3 play draws the board once for the opponent's placements, and names them in one list", function()
    local out = run({ "play", "blockwars", "--seed", "3", "--ai-level", "1" }, "quit\n")
    local before = out:match("^(.-)canadians> ")
    local _, boards = before:gsub("\n    a b c d e f g h\n", "")
    assert.equal(2, boards)                                    -- the empty board, then the Germans'
    local list = before:match("\ngermans plays (.-)\n\n")
    local n = select(2, list:gsub("[im]@%a%d", ""))
    assert.equal(16, n)
  end)
end)
