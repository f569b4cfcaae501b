-- The rulebooks beside the games: `wargrid rules` prints them (a variant's
-- base's, with what the variant changes on top), and tools/rule-coverage
-- finds the rule IDs no test cites.
local files = require "files"
local tmpdir, write, slurp, sh = files.tmpdir, files.write, files.slurp, files.sh
local run = require("wargrid.test").run

local function lines(s)
  local t = {}
  for l in s:gmatch("[^\n]+") do t[#t + 1] = l end
  return t
end

describe("wargrid rules", function()
  it("prints a game's rulebook, the file beside its script, as it is", function()
    for game, book in pairs { courier = "scripts/games/courier/rules.md",
                              wehrschach = "scripts/games/wehrschach/rules.md",
                              trenches = "scripts/games/trenches/rules.md",
                              blockwars = "scripts/games/blockwars/rules.md" } do
      local out, err, code = run { "rules", game }
      assert.equal(0, code, err)
      assert.equal(slurp(book), out)
    end
  end)

  it("C-V1 a variant prints its base's rulebook, with its header and changes on top", function()
    local out, _, code = run { "rules", "courier_historical" }
    assert.equal(0, code)
    local book = slurp("scripts/games/courier/rules.md")
    local top = out:sub(1, #out - #book)
    assert.equal(book, out:sub(-#book))
    assert.same({
      'courier_historical ("Courier chess (historical)") is a variant of courier ("Courier Army").',
      "Historical Courier chess (C-V1): Courier Army with the Jester as a Wazir,",
      "play starting after the opening moves, and Fairy-Stockfish's bare-king and",
      "fifty-move rules. Its perft counts equal Fairy-Stockfish's `courier`.",
      "What it changes:",
      "  ai.check_extension = true (new)",
      "  ai.futility = 1 (new)",
      "  ai.see = true (new)",
      '  engine.refused = false (courier: "its opening phase (C-O1) owes fixed double steps and the '
        .. 'queen\'s leap, one a turn, which XBoard\'s piece definitions cannot describe '
        .. '(courier_historical is XBoard\'s courier)")',
      '  engine.start = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1" (new)',
      '  engine.variant = "courier" (new)',
      "  pgn.claims = true (new)",
      "  phases.opening dropped",
      '  pieces.jester.moves = "W" (courier: "K")',
      '  pieces.jester.rule = "C-V1" (courier: "C-P6")',
      '  pieces.jester.value = 1.5 (courier: 2.5)',
      '  start = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1" '
        .. '(courier: "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq")',
      '  title = "Courier chess (historical)" (courier: "Courier Army")',
      "  methods replaced: actions, forcing, over, result, why",
      "The rulebook of courier follows (scripts/games/courier/rules.md).",
    }, lines(top))
  end)

  it("T-V1 a variant of a variant lists each step's changes, down to the rulebook", function()
    local out = run { "rules", "--variant", "examples/variants/amazons_6x6.lua" }
    local l = lines(out)
    assert.equal('amazons_6x6 ("Game of the Amazons (6x6)") is a variant of amazons '
                 .. '("Game of the Amazons").', l[1])
    assert.equal("  board.files = 6 (amazons: 10)", l[6])
    assert.equal("  board.ranks = 6 (amazons: 10)", l[7])
    assert.matches('\n  pieces%.tank removed\n', out)
    assert.matches('\n  pieces%.soldier%.letter = "q" %(trenches: "s"%)\n', out)
    assert.matches('\n  sides = { "white", "black" } %(trenches: { "light", "dark" }%)\n', out)
    assert.matches("\nThe rulebook of trenches follows %(scripts/games/trenches/rules%.md%)%.\n\n# Game of "
                   .. "Trenches — the rulebook\n", out)
  end)

  it("a variant tells a function of its own and the layers it changes", function()
    local out = run { "rules", "--variant", "examples/variants/wehrschach_13x13.lua" }
    assert.matches("\n  board%.layers%.road%.mark = \"|\" %(wehrschach: \"/\"%)\n", out)
    assert.matches("\n  board%.layers%.road%.squares = a function of its own %(not wehrschach's%)\n", out)
    assert.matches("\n  mainlines = { 4, 10 } %(wehrschach: { 3, 9 }%)\n", out)
    assert.is_nil(out:find("methods replaced", 1, true))
  end)

  it("a game with no rulebook says so in one line", function()
    local out, err, code = run { "rules", "--variant", "examples/games/minichess.lua" }
    assert.equal(0, code)
    assert.equal("", err)
    assert.equal("minichess has no rulebook (no examples/games/minichess.md)\n", out)
  end)

  it("has --help, also as 'help rules', and wargrid --help lists it", function()
    local out, _, code = run { "rules", "--help" }
    assert.equal(0, code)
    assert.matches("^usage: wargrid rules GAME\n", out)
    assert.equal(out, (run { "help", "rules" }))
    assert.matches("\n  rules GAME +the game's rulebook, with rule IDs\n", (run { "--help" }))
  end)

  it("bad input is told in one line, exit status 2", function()
    local out, err, code = run { "rules" }
    assert.same({ "", "wargrid: rules: which game? (see 'wargrid list')\n", 2 }, { out, err, code })
    out, err, code = run { "rules", "courier", "trenches" }
    assert.same({ "", "wargrid: rules: unexpected argument 'trenches'\n", 2 }, { out, err, code })
  end)
end)

describe("tools/rule-coverage", function()
  local tool = sh("pwd"):gsub("\n$", "") .. "/tools/rule-coverage"

  it("reads the rulebooks beside every game and names each rule ID no test cites", function()
    local dir = tmpdir()
    os.execute(string.format("mkdir -p %s/scripts/games/folder %s/tests/spec", dir, dir))
    write(dir .. "/scripts/games/plain.lua", "-- a game\n")
    write(dir .. "/scripts/games/plain.md", "# Plain\n\n- P-A1 one rule\n- P-A2 another\n"
                                            .. "  - P-A3 a sub-item is not a rule\n")
    write(dir .. "/scripts/games/bookless.lua", "-- no rulebook\n")
    write(dir .. "/scripts/games/folder/init.lua", "-- a folder game\n")
    write(dir .. "/scripts/games/folder/rules.md", "- F-B1 its rule\n- F-B10 and another\n")
    -- F-B10 is not F-B1, nor is XP-A2 P-A2
    write(dir .. "/tests/spec/x_spec.lua", 'it("P-A1 F-B10 XP-A2 hold", function() end)\n')
    local out, code = sh(string.format("cd %s && %s", dir, tool))
    assert.equal(1, code)
    assert.equal("scripts/games/plain.md: 2 rule IDs\n"
                 .. "scripts/games/folder/rules.md: 2 rule IDs\n"
                 .. "not cited by any test under tests/: P-A2 F-B1\n"
                 .. "rule coverage: 2 of 4 rule IDs cited\n", out)
    write(dir .. "/tests/spec/y_spec.lua", "-- P-A2 and F-B1\n")
    out, code = sh(string.format("cd %s && %s", dir, tool))
    assert.equal(0, code)
    assert.matches("\nrule coverage: 4 of 4 rule IDs cited\n$", out)
    os.execute("rm -rf " .. dir)
  end)

  it("reads the games of examples/games and WARGRID_PATH too, and the "
     .. "specs beside them", function()
    local dir = tmpdir()
    os.execute(string.format("mkdir -p %s/scripts/games %s/tests/spec "
                             .. "%s/examples/games/ex %s/mine/own", dir, dir,
                             dir, dir))
    write(dir .. "/examples/games/ex/init.lua", "-- an example game\n")
    write(dir .. "/examples/games/ex/rules.md", "- EX-A1 a rule\n")
    write(dir .. "/mine/own/init.lua", "-- a game of one's own\n")
    write(dir .. "/mine/own/rules.md", "- OWN-A1 a rule\n- OWN-A2 two\n")
    write(dir .. "/mine/own_spec.lua", 'it("OWN-A2 holds", function() end)\n')
    write(dir .. "/tests/spec/x_spec.lua", 'it("EX-A1 holds", function() end)\n')
    local out, code = sh(string.format("cd %s && WARGRID_PATH=%s/mine %s",
                                       dir, dir, tool))
    assert.equal(1, code)
    assert.equal("examples/games/ex/rules.md: 1 rule IDs\n"
                 .. dir .. "/mine/own/rules.md: 2 rule IDs\n"
                 .. "not cited by any test under tests/: OWN-A1\n"
                 .. "rule coverage: 2 of 3 rule IDs cited\n", out)
    os.execute("rm -rf " .. dir)
  end)
end)
