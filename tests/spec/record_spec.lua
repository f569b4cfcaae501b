-- wargrid.record (game records as text, read and written) and wargrid.san
-- (PGN's moves for Courier): exact tables, exact texts, exact errors.
local record = require "wargrid.record"
local san = require "wargrid.san"
local T = require "wargrid.test"

local BLOCKWARS = [[
[Event "test"]
[Result "*"]
[Game "blockwars"]
[Seed "7"]

{before it all} 1. i@a8 {#1234abcd}, m@b6 {a note}
1... i@a1
2. e2e3, barrage f6, no dogfight {after it}
*
]]

describe("record: reading", function()
  it("reads tags, numbered turns, commas, comments and hashes into a table", function()
    local rec = assert(record.read(BLOCKWARS))
    assert.same({ { name = "Event", value = "test", line = 1 },
                  { name = "Result", value = "*", line = 2 },
                  { name = "Game", value = "blockwars", line = 3 },
                  { name = "Seed", value = "7", line = 4 } }, rec.tags)
    assert.same({ "before it all" }, rec.pre)
    assert.same({
      { text = "i@a8", turn = 1, hash = "1234abcd", line = 6 },
      { text = "m@b6", sep = ",", comments = { "a note" }, line = 6 },
      { text = "i@a1", turn = 1, cont = true, line = 7 },
      { text = "e2e3", turn = 2, line = 8 },
      { text = "barrage f6", sep = ",", line = 8 },
      { text = "no dogfight", sep = ",", comments = { "after it" }, line = 8 },
    }, rec.actions)
    assert.equal("*", rec.result)
    assert.equal("7", record.tag(rec, "Seed"))
    assert.is_nil(record.tag(rec, "Date"))
  end)

  it("reads PGN as XBoard writes it: moves after comments, ; comments, NAGs, 1.e4", function()
    local rec = assert(record.read(
      '[Variant "courier"]\n[Result "1-0"]\n\n{board}\n1.Ee3 {+1.58/2} f6 $1 2. Nj3 ; a remark\nEe6 1-0\n'))
    assert.same({
      { text = "Ee3", turn = 1, comments = { "+1.58/2" }, line = 5 },
      { text = "f6", sep = " ", line = 5 },
      { text = "Nj3", turn = 2, comments = { "a remark" }, line = 5 },
      { text = "Ee6", sep = " ", line = 6 },
    }, rec.actions)
    assert.same({ "board" }, rec.pre)
  end)

  it("reads a line break inside an action or a comment as one space", function()
    local rec = assert(record.read("1. barrage\nf6 {a\n  long   note} *"))
    assert.same({ { text = "barrage f6", turn = 1, line = 1, comments = { "a long note" } } },
                rec.actions)
  end)

  it("names the line and tag of what is wrong", function()
    local cases = {
      { '[Seed "x"]\n\n*', "line 1: tag Seed: expected a whole number from 0 to 9007199254740992, not 'x'" },
      { '[Event "a"]\n[Result "2-0"]\n\n*', "line 2: tag Result: expected 1-0, 0-1, 1/2-1/2 or *, not '2-0'" },
      { '[Result "1-0"]\n\n1. a4 0-1', "line 1: tag Result: '1-0', but the actions end with 0-1" },
      { '[Game "a b"]\n*', "line 1: tag Game: expected a game's name (a word), not 'a b'" },
      { '[Date "30.11.2026"]\n*',
        "line 1: tag Date: expected a date as YYYY.MM.DD (? for unknown digits), not '30.11.2026'" },
      { '[Options "turns="]\n*',
        "line 1: tag Options: expected settings NAME or NAME=VALUE separated by spaces, not 'turns='" },
      { '[SetUp "2"]\n*', "line 1: tag SetUp: expected 0 or 1, not '2'" },
      -- comments are written in braces, which '}' would end (fuzz: record)
      { '1. a4 ; a } b\n*', "line 1: a comment ';...' may not contain '}'" },
      { '[SetUp "1"]\n*', 'tag SetUp: "1" needs a FEN tag with the position' },
      { '[FEN "k/K w"]\n[Position "x"]\n*', "tags FEN and Position both give the start: keep one" },
      { '[Game "a"]\n[Game "b"]\n*', "line 2: tag Game given twice (line 1 first)" },
      { '[Game "a]\n*', "line 1: tag Game: the value has no closing quote" },
      { '[Game "a" x]\n*', "line 1: tag Game: expected ']' after the value" },
      { '[Game "a\\b"]\n*', "line 1: tag Game: '\\' must be followed by '\\' or '\"'" },
      { '[1 "a"]\n*', 'line 1: expected a tag pair [Name "value"]' },
      { "1. a4 {oops\n*", "line 1: a comment '{' is never closed" },
      { "1. a4 (1... a5) *", "line 1: variations ( ... ) are not supported" },
      { '1. a4\n[Game "x"] *', "line 2: a tag pair after the actions (tags come first)" },
      { "1. a4 } *", "line 1: '}' without '{'" },
      { "1. , a4 *", "line 1: ',' must stand between two actions of a turn" },
      { "1. a4 ,, a5 *", "line 1: ',' must stand between two actions of a turn" },
      { "1. a4, 2. a5 *", "line 1: ',' before a turn number" },
      { "1. a4,\n*", "line 2: ',' before the result" },
      { "2. a4 1. a5 *", "line 1: turn 1 after turn 2" },
      { "1. a4\n1. a5 *", "line 2: turn 1 after turn 1 (write 1... to go on with it)" },
      { "1.. a4 *", "line 1: '1..' is not a turn number (N. or N...)" },
      { "1. 2. a4 *", "line 1: turn number 1. has no action" },
      { "1. a4 2. *", "line 1: turn number 2. has no action" },
      { "1. a4", "line 1: the actions must end with the result (1-0, 0-1, 1/2-1/2 or *)" },
      { "1. a4 * 2. a5", "line 1: text after the result *: one game per record" },
      { "{#abcd} 1. a4 *", "line 1: a hash comment {#abcd} must follow an action" },
      { "1. a4 {#abcd} {#abce} *", "line 1: action 'a4' has two hash comments" },
      { "1. {x} a4 *", "line 1: a comment between a turn number or ',' and its action" },
    }
    for _, c in ipairs(cases) do
      local rec, err = record.read(c[1])
      assert.is_nil(rec, c[1])
      assert.equal(c[2], err)
    end
    assert.same({ nil, "a record must be text" }, { record.read(42) })
  end)
end)

describe("record: writing", function()
  it("writes tags in PGN's order, then the turns, one a line when they have commas", function()
    local rec = assert(record.read(BLOCKWARS))
    record.set_tag(rec, "Date", "2026.11.30")
    assert.equal([[
[Event "test"]
[Date "2026.11.30"]
[Result "*"]
[Game "blockwars"]
[Seed "7"]

{before it all} 1. i@a8 {#1234abcd}, m@b6 {a note}
1... i@a1
2. e2e3, barrage f6, no dogfight {after it}
*
]], record.write(rec))
  end)

  it("wraps at 79 columns, keeping a turn's number with its action and a hash with its action", function()
    local rec = record.new()
    for i = 1, 12 do
      rec.actions[#rec.actions + 1] = { text = "c2c4", turn = i, hash = "0123abcd" }
    end
    rec.tags[1] = { name = "Event", value = "say \"hi\" \\o/" }
    assert.equal([[
[Event "say \"hi\" \\o/"]

1. c2c4 {#0123abcd} 2. c2c4 {#0123abcd} 3. c2c4 {#0123abcd} 4. c2c4 {#0123abcd}
5. c2c4 {#0123abcd} 6. c2c4 {#0123abcd} 7. c2c4 {#0123abcd} 8. c2c4 {#0123abcd}
9. c2c4 {#0123abcd} 10. c2c4 {#0123abcd} 11. c2c4 {#0123abcd}
12. c2c4 {#0123abcd} *
]], record.write(rec))
    assert.equal(record.write(rec), record.write(assert(record.read(record.write(rec)))))
  end)

  it("refuses an action or tag it could not read back", function()
    local rec = record.new()
    rec.actions[1] = { text = "a4, a5", turn = 1 }
    assert.error_matches(function() record.write(rec) end,
      "action 1 'a4, a5' cannot be written: it contains one of { } ; , %( %) %[ %]")
    rec.actions[1] = { text = "pass 2.", turn = 1 }
    assert.error_matches(function() record.write(rec) end,
      "its word '2%.' reads as a number, result or NAG")
    rec.actions[1] = { text = "pass", turn = 1 }
    rec.tags[1] = { name = "Event", value = "a\nb" }
    assert.error_matches(function() record.write(rec) end, "tag Event has a newline")
    assert.same({ nil, "it must be words separated by single spaces" },
                { record.valid_action("no  dogfight") })
  end)
end)

-- Historical Courier positions from a map of squares, White to move.
local courier = T.game "courier_historical"
local function pos(map, side)
  return T.position(courier, T.board(courier, map) .. " " .. (side or "w") .. " - - 0 1")
end
local function sans(s)
  local out, texts = courier:legal(s), {}
  for i = 1, out:size() do texts[#texts + 1] = san.write(courier, s, out:get(i), out) end
  table.sort(texts)
  return texts
end
local function only(list, pattern)
  local out = {}
  for _, t in ipairs(list) do if t:match(pattern) then out[#out + 1] = t end end
  return out
end

describe("san: writing Courier's moves", function()
  it("C-P3 names the sergeant by its rank when two on one file reach the square, x for a capture", function()
    local s = pos { a1 = "K", l8 = "k", c3 = "N", c7 = "N", d5 = "p" }
    assert.same({ "N3xd5", "N7xd5" }, only(sans(s), "d5"))
  end)

  it("C-P3 by its file when they stand on different files; a pawn capture names its file", function()
    local s = pos { a1 = "K", l8 = "k", c3 = "N", e3 = "N", d5 = "p", e4 = "P" }
    assert.same({ "Ncxd5", "Nexd5", "exd5" }, only(sans(s), "d5"))
  end)

  it("C-P6 by its file, else rank, else square, as it differs from all the others", function()
    local s = pos { a1 = "K", l8 = "k", l7 = "p", c4 = "M", e4 = "M", c6 = "M" }
    assert.same({ "M6d5", "Mc4d5", "Med5" }, only(sans(s), "d5"))
  end)

  it("C-P2 writes a promotion =F, a check + and a mate #", function()
    local s = pos { a1 = "K", l8 = "k", k7 = "p", l7 = "p", c7 = "P", b1 = "R" }
    local all = sans(s)
    assert.same({ "c8=F" }, only(all, "^c8"))
    assert.same({ "Rb8#" }, only(all, "^Rb8"))
    s = pos { a1 = "K", l8 = "k", l7 = "p", b1 = "R" }
    assert.same({ "Rb8+" }, only(sans(s), "^Rb8"))
  end)
end)

describe("san: reading", function()
  it("reads SAN with or without +, # and !?, and moves in coordinates", function()
    local s = pos { a1 = "K", l8 = "k", k7 = "p", l7 = "p", c7 = "P", b1 = "R" }
    for _, text in ipairs { "Rb8#", "Rb8", "Rb8+", "Rb8!?", "b1b8" } do
      assert.equal("b1b8", courier:action_text(s, assert(san.read(courier, s, text))))
    end
    for _, text in ipairs { "c8=F", "c8F", "c8f", "c8", "c7c8f" } do
      assert.equal("c7c8f", courier:action_text(s, assert(san.read(courier, s, text))))
    end
  end)

  it("says what is wrong with a move it cannot read", function()
    local s = pos { a1 = "K", l8 = "k", c3 = "N", c7 = "N", d5 = "p" }
    local cases = {
      { "Nxd5", "'Nxd5' is ambiguous here (c3d5, c7d5)" },
      { "N3d5", "'N3d5' is not a legal move here" },
      { "Nxe5", "'Nxe5' is not a legal move here" },
      { "O-O", "'O-O': courier_historical has no castling" },
      { "Zd5", "'Zd5': courier_historical has no piece letter Z" },
      { "d5=Z", "'d5=Z': courier_historical has no piece letter Z" },
      { "Nz9", "'Nz9': 'z9' is not a square of the 12x8 board" },
      { "hello", "'hello' is not a move in SAN (as Nf3, exd5, c8=F) nor in coordinates (as a2a4)" },
    }
    for _, c in ipairs(cases) do
      assert.same({ nil, c[2] }, { san.read(courier, s, c[1]) })
    end
  end)

  it("C-E1 guesses the move an illegal SAN text means, for the reason why", function()
    local s = pos { e1 = "K", e2 = "N", e8 = "r", l8 = "k" }
    assert.same({ nil, "'Nc3' is not a legal move here" }, { san.read(courier, s, "Nc3") })
    assert.equal("e2c3", san.guess(courier, s, "Nc3"))
    assert.is_nil(san.guess(courier, s, "Bc3"))
  end)
end)
