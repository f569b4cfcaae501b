-- `wargrid why` and play's answer to an illegal action: one line naming the
-- rule that forbids it (exit status 0 either way), --json for programs, and
-- bad input told in one line with exit status 2.
local run = require("wargrid.test").run

local FS = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"

describe("cli: why", function()
  it("C-O1 tells the rule that forbids an action, and the squares", function()
    local out, err, code = run { "why", "courier", "e2e4" }
    assert.equal(0, code)
    assert.equal("", err)
    assert.equal("illegal: C-O1 White still owes the opening moves a2a4, l2l4, g2g4, g1g3\n", out)
  end)

  it("C-O1 tells what a legal action would do", function()
    local out, _, code = run { "why", "courier", "a2-a4" }
    assert.equal(0, code)
    assert.equal("legal: the pawn on a2 moves to a4\n", out)
  end)

  it("C-P4 takes --position and --variant", function()
    local out, _, code = run { "why", "--variant", "examples/variants/courier_nonleaping.lua",
                               "--position", FS, "c1e3" }
    assert.equal(0, code)
    assert.equal("illegal: C-P4 your corporal on c1 cannot reach e3: the path is blocked at d2 by your pawn\n", out)
  end)

  it("W-K3 an action of several words may be given apart", function()
    local out, _, code = run { "why", "wehrschach", "barrage", "f6" }
    assert.equal(0, code)
    assert.equal("illegal: W-K3 there is no piece on f6 to remove\n", out)
  end)

  it("BW-S1 takes --option", function()
    local out, _, code = run { "why", "blockwars", "--option", "setup=standard", "c6c5" }
    assert.equal(0, code)
    assert.equal("illegal: BW-A5 the machine gun on c6 never moves\n", out)
    out = run { "why", "blockwars", "m@c8" }
    assert.equal("illegal: BW-S1 rank 8 takes no German machine gun\n", out)
  end)

  it("--json gives the answer as an object", function()
    local out, _, code = run { "why", "courier", "--json", "e2e4" }
    assert.equal(0, code)
    assert.equal('{"legal":false,"line":"illegal: C-O1 White still owes the opening moves a2a4, l2l4, g2g4, g1g3",'
                 .. '"reason":"White still owes the opening moves a2a4, l2l4, g2g4, g1g3","rule":"C-O1"}\n', out)
    out = run { "why", "courier", "--json", "a2a4" }
    assert.equal('{"action":"a2a4","does":"the pawn on a2 moves to a4","legal":true,'
                 .. '"line":"legal: the pawn on a2 moves to a4"}\n', out)
  end)

  it("text of no action of the game is illegal with no rule, exit status 0", function()
    local out, _, code = run { "why", "courier", "castle" }
    assert.equal(0, code)
    assert.equal("illegal: 'castle' is not an action in courier's notation (a move is written from-square "
                 .. "to-square, as a2a4; a promotion adds the new piece's letter)\n", out)
  end)

  it("bad input: an unknown game, a bad position, no action (exit status 2)", function()
    local out, err, code = run { "why", "chess", "e2e4" }
    assert.equal(2, code)
    assert.equal("", out)
    assert.matches("^wargrid: unknown game 'chess'", err)
    out, err, code = run { "why", "courier", "--position", "8/8 w", "e2e4" }
    assert.equal(2, code)
    assert.equal("", out)
    assert.matches("^wargrid: bad position '8/8 w'", err)
    out, err, code = run { "why", "courier" }
    assert.equal(2, code)
    assert.equal("", out)
    assert.equal("wargrid: why: which action? (see 'wargrid why --help')\n", err)
  end)

  it("is listed in the usage, and has --help", function()
    local out, _, code = run { "--help" }
    assert.equal(0, code)
    assert.matches("why GAME %[%-%-position P%] ACTION", out)
    out, _, code = run { "why", "--help" }
    assert.equal(0, code)
    assert.matches("^usage: wargrid why GAME", out)
  end)
end)

describe("cli: play answers an illegal action with its rule", function()
  it("BW-A4 a unit that has moved this turn", function()
    local out, _, code = run({ "play", "blockwars", "--option", "setup=standard", "--ai", "none", "--seed", "1" },
                             "a6a5\na5a4\nquit\n")
    assert.equal(0, code)
    assert.matches("germans> illegal: BW%-A4 the infantry on a5 has already moved or attacked this turn\n", out)
  end)

  it("W-M4 a path blocked by a piece", function()
    local out, _, code = run({ "play", "wehrschach", "--ai", "none" }, "d2d6\nquit\n")
    assert.equal(0, code)
    assert.matches("red> illegal: W%-M4 your artillery on d2 cannot reach d6: the path is blocked at d3 by your tank\n",
                   out)
  end)
end)
