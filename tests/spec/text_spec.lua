-- wargrid.text: one reader of whole numbers with limits and one way to show
-- input in a message; and the bad input of finding 9 of issue 13, each
-- refused in one line that quotes it short and says what was expected.
local text = require "wargrid.text"
local T = require "wargrid.test"

describe("text.quote", function()
  it("quotes short input whole", function()
    assert.equal("'e2e5'", text.quote("e2e5"))
    assert.equal("''", text.quote(""))
  end)

  it("shows 60 characters of long input, then ...", function()
    local long = string.rep("x", 59) .. "yz" .. string.rep("w", 1000)
    assert.equal("'" .. string.rep("x", 59) .. "y...'", text.quote(long))
    assert.equal(text.quote(string.rep("a", 60)), "'" .. string.rep("a", 60) .. "'")
  end)

  it("never cuts a character of UTF-8 in two", function()
    local long = string.rep("ä", 70)
    assert.equal("'" .. string.rep("ä", 60) .. "...'", text.quote(long))
  end)

  it("writes newlines and other control characters as escapes: one line", function()
    assert.equal("'a\\nb\\r\\tc\\x00\\x7f'", text.quote("a\nb\r\tc\0\127"))
  end)
end)

describe("text.integer", function()
  it("reads whole numbers from min to max", function()
    assert.equal(0, text.integer("0", 0, 10))
    assert.equal(10, text.integer("010", 0, 10))
    assert.equal(-5, text.integer("-5", -10, 10))
    assert.equal(math.maxinteger, text.integer("9223372036854775807", 0, math.maxinteger))
  end)

  it("refuses what is not a whole number in decimal, or out of range, saying the range", function()
    local expected = "expected a whole number from 1 to 100"
    for _, input in ipairs { "", "x", "1.5", "1e3", "0x10", " 5", "+5", "-5", "0", "101",
                             "9223372036854775808", "99999999999999999999" } do
      local n, err = text.integer(input, 1, 100)
      assert.is_nil(n, input)
      assert.equal(expected, err)
    end
  end)

  it("never gives a float", function()
    assert.is_nil(text.integer("99999999999999999999", 0, math.maxinteger))
    assert.equal("integer", math.type(text.integer("2147483647", 0, text.INT_MAX)))
  end)
end)

describe("text.number", function()
  it("reads decimal numbers in range", function()
    assert.equal(0.5, text.number("0.5", 0.01, 10))
    assert.equal(0.5, text.number(".5", 0.01, 10))
    assert.equal(3, text.number("3", 0.01, 10))
    assert.same({ nil, "expected a number from 0.01 to 10" }, { text.number("11", 0.01, 10) })
    assert.is_nil(text.number("1e1", 0.01, 100))
    assert.is_nil(text.number("nan", 0.01, 100))
  end)
end)

-- Bad input on the command line: exit status 2, nothing on stdout, one line.
local function refused(args, message)
  local out, err, code = T.run(args)
  assert.equal(2, code, err)
  assert.equal("", out)
  assert.equal("wargrid: " .. message .. "\n", err)
end

local COURIER = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR"

describe("bad input is told as bad input (issue 13, finding 9)", function()
  it("C-B1 a half-move clock of 2^63 is out of the counters' range", function()
    refused({ "moves", "courier", "--position", COURIER .. " w - - 9223372036854775808 1" },
            "bad position '" .. COURIER:sub(1, 60) .. "...': half-move clock "
            .. "'9223372036854775808': expected a whole number from 0 to 999999999")
    refused({ "moves", "courier", "--position", COURIER .. " w - - 0 0" },
            "bad position '" .. COURIER:sub(1, 60) .. "...': move number '0': "
            .. "expected a whole number from 1 to 999999999")
  end)

  it("BW-P1 a reserve of more units than a position holds", function()
    refused({ "moves", "blockwars", "--position", "8/8/8/8/8/8/8/8 g2 reserve=I200/-" },
            "bad position '8/8/8/8/8/8/8/8 g2 reserve=I200/-': reserve 'I200/-': "
            .. "more units than a game holds (128 at most)")
    refused({ "moves", "blockwars", "--position", "8/8/8/8/8/8/8/8 g2 reserve=I99999999999999999999/-" },
            "bad position '8/8/8/8/8/8/8/8 g2 reserve=I99999999999999999999/-': reserve "
            .. "'I99999999999999999999/-': more units than a game holds (128 at most)")
  end)

  it("BW-W2 a turn limit too large for a counter, or not whole, is refused with the range", function()
    for _, turns in ipairs { "9223372036854775807", "99999999999999999999", "2.5" } do
      refused({ "moves", "blockwars", "--option", "turns=" .. turns },
              "option turns takes a whole number from 1 to 2147483647, not '" .. turns .. "'")
    end
  end)

  it("a seed past 2^53 is refused, saying the limit", function()
    refused({ "moves", "courier", "--seed", "9007199254740993" },
            "moves: --seed must be a whole number from 0 to 9007199254740992, not '9007199254740993'")
  end)

  it("input with newlines is shown on one line, and long input short", function()
    refused({ "moves", "courier", "--position", "a\nb\nc\nd" },
            "bad position 'a\\nb\\nc\\nd': 8 ranks expected, found 1")
    refused({ "play", "courier", "--ai", "white\nblack" },
            "play: --ai must be white, black, 1, 2, both or none, not 'white\\nblack'")
    refused({ "moves", "no\nsuch" }, "'no\\nsuch' is not a game name")
    refused({ "frob\nnicate" }, "unknown command 'frob\\nnicate' (see 'wargrid --help')")
    refused({ "perft", "courier", string.rep("9", 100) },
            "perft: DEPTH must be a whole number from 0 to 64, not '" .. string.rep("9", 60) .. "...'")
  end)

  it("an action with newlines is refused in one line, and the player asked again", function()
    local out, _, code = T.run({ "play", "courier", "--ai", "none" }, "castle\r\rnow\nquit\n")
    assert.equal(0, code)
    assert.truthy(out:find("\nwhite> illegal: 'castle\\r\\rnow' is not an action in courier's notation (", 1, true),
                  out)
  end)

  it("a bad record is refused in one line, its input quoted short, by every command that reads it", function()
    local dir = T.tmpdir()
    local function record(name, body)
      T.write(dir .. "/" .. name, body)
      return dir .. "/" .. name
    end
    local nines = string.rep("9", 100)
    local seed = record("seed.pgn", '[Game "courier"]\n[Seed "' .. nines .. '"]\n\n1. a2a4 *\n')
    local long = string.rep("y", 300)
    local action = record("action.pgn", '[Game "courier"]\n\n1. ' .. long .. ' *\n')
    local named = record("a\nb.pgn", '[Game "courier"]\n[Seed "x"]\n\n1. a2a4 *\n')
    -- a record is anyone's: the file it names must be a variant's
    local passwd = record("passwd.pgn", '[Variant "/etc/passwd"]\n\n1. a2a4 *\n')
    for _, cmd in ipairs { { "replay" }, { "render", "--record" }, { "play", "--load" } } do
      local verb = cmd[1] .. ": "
      local function run(path, message)
        local args = { table.unpack(cmd) }
        args[#args + 1] = path
        refused(args, verb .. message)
      end
      run(seed, seed .. " line 2: tag Seed: expected a whole number from 0 to 9007199254740992, not '"
                .. nines:sub(1, 60) .. "...'")
      run(passwd, passwd .. " line 1: tag Variant: '/etc/passwd' is no variant file (a .lua file or a game's "
                  .. "folder)")
      run(named, dir .. "/a\\nb.pgn line 2: tag Seed: expected a whole number from 0 to 9007199254740992, "
                 .. "not 'x'")
      -- (replay tells an action it cannot play as the rules' change: its
      -- report, on stdout)
      if cmd[2] then
        local _, err, code = T.run { cmd[1], cmd[2], action }
        assert.equal(2, code, err)
        assert.matches("^wargrid: [^\n]*\n$", err)
        assert.truthy(#err < 400, err)
        assert.truthy(err:find("'" .. long:sub(1, 60) .. "...'", 1, true), err)
        assert.falsy(err:find(long:sub(1, 61), 1, true), err)
      end
    end
    os.execute("rm -rf '" .. dir .. "'")
  end)

  it("the budget's options are read as numbers with limits", function()
    refused({ "moves", "courier", "--time-limit", "0" },
            "--time-limit '0': expected a number from 0.01 to 86400")
    refused({ "moves", "courier", "--memory-limit", "1e9" },
            "--memory-limit '1e9': expected a whole number from 16 to 1048576")
    refused({ "moves", "courier", "--instruction-limit" }, "--instruction-limit needs a value")
  end)
end)
