-- wargrid.svg and `wargrid render`: every picture valid SVG 1.1 (xmllint,
-- against the SVG 1.1 DTD), standalone, with every piece of the position
-- text in it; looks declared in a game and their defaults; a piece's legal
-- targets; what a side may see.
local T = require "wargrid.test"
local wg = require "wargrid"
local svg = require "wargrid.svg"
local scenes = require "render_scenes"

local DTD = "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd"

local function tmpfile(text)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

-- xmllint's verdict on an SVG text: true, or false and what it said
local function xmllint(text)
  local path = tmpfile(text)
  local dtd = io.open(DTD) and ("--dtdvalid " .. DTD) or ""
  local h = io.popen(string.format("xmllint --noout --nonet %s %s 2>&1; echo rc=$?", dtd, path))
  local out = h:read("a")
  h:close()
  os.remove(path)
  return out:match("rc=0\n$") ~= nil, out
end

-- The pieces the position text's board shows: { ["1 infantry"] = n }, and
-- the letter on each square. A large piece shows its letter on every square
-- it covers, so its count is divided by its size.
local function text_pieces(game, text)
  local board = text:match("^(%S+)")
  local on, counts = {}, {}
  local rank = game.ranks
  for row in (board .. "/"):gmatch("([^/]*)/") do
    local file = 1
    for digits, ch in row:gmatch("(%d*)(%D?)") do
      if digits ~= "" then file = file + tonumber(digits) end
      if ch ~= "" then
        local t = game.letter_type[ch:lower()]
        if t then
          local side = ch:match("%u") and 1 or 2
          local key = side .. " " .. game.type_names[t]
          counts[key] = (counts[key] or 0) + 1
          on[game.rules:name(game.rules:at(file, rank))] = ch
        end
        file = file + 1
      end
    end
    rank = rank - 1
  end
  for key, n in pairs(counts) do
    local shape = game.def.pieces[key:match(" (.*)")].shape
    counts[key] = n // (shape and #shape or 1)
  end
  return counts, on
end

-- The pieces drawn: { ["1 infantry"] = n }, and the type and side of each
-- piece's group by the square its id names.
local function drawn_pieces(text)
  local counts, at = {}, {}
  for sq, side, name in text:gmatch('<g id="pc%-(%w+)" class="pc s(%d) t%-([%w_]+)"') do
    local key = side .. " " .. name
    counts[key] = (counts[key] or 0) + 1
    at[sq] = { side = tonumber(side), name = name }
  end
  return counts, at
end

-- has(text, pattern): the picture has it (a failure names the pattern, not
-- the whole picture)
local function has(text, pattern)
  if not text:find(pattern) then error("not in the picture: " .. pattern, 2) end
end

describe("render: every picture (tests/render_scenes.lua)", function()
  for _, scene in ipairs(scenes.scenes) do
    it(scene.name .. " is valid SVG 1.1, standalone, with every piece of its position text", function()
      local game, s, opts = scenes.build(scene)
      local text = svg.position(game, s, opts)
      local ok, said = xmllint(text)
      assert(ok, said)
      has(text, '^<svg xmlns="http://www%.w3%.org/2000/svg" version="1%.1"')
      has(text, 'viewBox="0 0 %d+ %d+"')
      -- nothing fetched: no links, no style sheets, no fonts but generic ones
      assert.is_nil(text:find("href", 1, true))
      assert.is_nil(text:find("url(", 1, true))
      assert.is_nil(text:find("@import", 1, true))
      local _, n = text:gsub("http", "")
      assert.equal(1, n)                                  -- the namespace
      for family in text:gmatch('font%-family="([^"]*)"') do
        assert.equal("sans-serif", family)
      end
      local want, on = text_pieces(game, game:position_text(s, opts.viewer))
      local got, at = drawn_pieces(text)
      assert.same(want, got)
      for sq, p in pairs(at) do
        local letter = game.type_letter[game.T[p.name]]
        assert.equal(p.side == 1 and letter:upper() or letter, on[sq])
      end
      -- every square once, by name
      local _, squares = text:gsub('<rect id="sq%-%w+"', "")
      assert.equal(game.files * game.ranks, squares)
    end)
  end
end)

describe("render: looks", function()
  it("a piece a variant adds without a look is its letter in a disc of its side's colour", function()
    local v = wg.variant("courier_historical", {
      name = "courier_archbishop",
      pieces = { archbishop = { letter = "a", moves = "BN" } },
    })
    local s = T.position(v, "k11/12/12/12/12/12/12/A10K w - - 0 1")
    local text = svg.position(v, s)
    has(text, '<g id="pc%-a1" class="pc s1 t%-archbishop">\n<title>white archbishop on a1</title>\n'
                   .. '<circle cx="64" cy="494" r="25%.2" fill="#f4f1ea" stroke="#1a1a1a" stroke%-width="2"/>\n'
                   .. '<text [^>]*>A</text>\n</g>')
    assert(xmllint(text))
  end)

  it("a layer without a look is a tint of its terminal colour, or its mark", function()
    local v = wg.variant("trenches", {
      name = "trenches_mud",
      board = { layers = { mud = { squares = { "e5" }, colour = "green" },
                           debris = { look = false } } },
    })
    local s = T.position(v, "3s2s3/2t4t2/4tt4/s8s/10/5x4/S8S/4TT4/2T4T2/3S2S3 l")
    local text = svg.position(v, s)
    -- e5 tinted green (the terminal's green), f5's debris drawn as its mark
    has(text, '<g class="layer l%-mud" pointer%-events="none">\n'
                   .. '<rect x="274" y="344" width="60" height="60" fill="#3f8f3f" fill%-opacity="0%.4"/>')
    has(text, '<g class="layer l%-debris" pointer%-events="none">\n'
                   .. '<text x="364" y="380" [^>]*>x</text>')
    assert(xmllint(text))
  end)

  -- the labels of the legend under the board, in order
  local function legend(text)
    local out = {}
    local part = text:match('<g class="legend".-<g class="caption"') or ""
    for label in part:gmatch('<text x="[%d.]+" y="[%d.]+">([^<]+)</text>') do
      out[#out + 1] = label
    end
    return out
  end

  it("W-B2 the legend follows the variant's board.legend and its layers, labels and all", function()
    local base = T.game "wehrschach"
    assert.same({ "sea", "main road", "river", "mainlines" }, legend(svg.position(base, base:new())))
    local v = require("wargrid.loader").load_file("examples/variants/wehrschach_no_road.lua")
    assert.same({ "sea", "river", "mainlines" }, legend(svg.position(v, v:new())))
    -- a road with no square is left out though the legend names it; a
    -- layer's label is the terminal's and the picture's
    v = wg.variant(base, { name = "w", board = { layers = {
      road = { squares = function() return false end },
      river = { label = "the Rhine" } } } })
    assert.same({ "sea", "the Rhine", "mainlines" }, legend(svg.position(v, v:new())))
    assert.matches("~ sea   \\ the Rhine   %- mainlines$", v:render(v:new()))
  end)

  it("T-M2 a layer that changes in play stays in the legend while the board has none", function()
    local game = T.game "amazons"
    assert.same({ "a burnt square (debris)" }, legend(svg.position(game, game:new())))
  end)

  it("a look that names no glyph, shape or colour is refused in one line naming the field", function()
    local function refused(piece)
      local v = wg.variant("courier", { name = "courier_bad", pieces = { rook = { look = piece } } })
      local ok, err = pcall(svg.position, v, v:new())
      assert.is_false(ok)
      return err
    end
    assert.matches("^game courier_bad: pieces%.rook%.look%.glyph: no glyph 'rok' %(glyphs: armour, artillery,",
                   refused { glyph = "rok" })
    assert.equal("game courier_bad: pieces.rook.look.shape: disc, counter or none, not star",
                 refused { glyph = "rook", shape = "star" })
    assert.equal('game courier_bad: pieces.rook.look.glyph[1].d: path data (letters MLHVCSQTAZ and numbers) expected',
                 refused { glyph = { { "path", d = '"/><script>' } } })
    local v = wg.variant("courier", { name = "courier_bad", look = { sides = { { fill = "red;x" } } } })
    local ok, err = pcall(svg.position, v, v:new())
    assert.is_false(ok)
    assert.equal('game courier_bad: look.sides[1].fill: a colour is "#rrggbb" or a name, not red;x', err)
  end)

  it("a variant's own glyph, written as parts, is drawn in its side's colours", function()
    local v = wg.variant("courier", { name = "courier_star", pieces = { king = { look = {
      glyph = { { "path", d = "M 50 5 L 61 40 L 95 40 L 68 60 L 79 95 L 50 73 L 21 95 L 32 60 L 5 40 L 39 40 Z" } },
    } } } })
    local text = svg.position(v, v:new())
    has(text, '<g id="pc%-f8" class="pc s2 t%-king">\n<title>black king on f8</title>\n<g transform="[^"]*">\n'
                   .. '<path d="M 50 5 L 61 40 [^"]*" fill="#2b2b2b" stroke="#111111"')
  end)

  it("the text in a picture is escaped", function()
    local v = wg.variant("courier", { name = "courier_escaped", title = "<Courier & \"Co\">" })
    local text = svg.position(v, v:new())
    has(text, "<title>&lt;Courier &amp; &quot;Co&quot;&gt;</title>")
    assert(xmllint(text))
  end)
end)

describe("render: actions and targets", function()
  it("C-P3 --from marks exactly the squares the piece's legal actions reach, captures ringed", function()
    local game = T.game "courier_historical"
    local s = T.position(game, "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1")
    T.play(game, s, "b1c3", "b8c6", "c3b5", "c6b4")
    local text = svg.position(game, s, { from = game.rules:square("b5") })
    local marked = {}
    for sq, cls in text:gmatch('id="tg%-(%w+)" class="([^"]*)"') do marked[#marked + 1] = sq .. " " .. cls end
    table.sort(marked)
    -- the oracle: the legal actions' texts from b5 (a knight: a3 c3 a7 c7 d4 d6)
    local want = {}
    for _, t in ipairs(T.from(game, s, "b5")) do
      local to = t:sub(3)
      want[#want + 1] = to .. (s:at(game.rules:square(to)) and " target capture" or " target")
    end
    table.sort(want)
    assert.same({ "a3 target", "a7 target", "c3 target", "c7 target capture", "d4 target", "d6 target" }, want)
    assert.same(want, marked)
  end)

  it("T-G1 a throw is drawn as the move's arrow and the grenade's landing square", function()
    local game = T.game "trenches"
    local s = game:new()
    local a = game:parse_action(s, "d1-d5/h5")
    assert.same({ { "move", 4, 44 }, { "land", 48 } }, svg.action_marks(game, a))
    game:play(s, a)
    local text = svg.position(game, s, { last = a })
    has(text, '<g class="last" pointer%-events="none">\n<polygon class="move" ')
    has(text, '<polygon class="land" ')
  end)

  it("BW-C4 a barrage is drawn on the squares it hits, W-E1 an enclosure on its square", function()
    local bw = T.game "blockwars"
    local s = T.position(bw, T.board(bw, { d4 = "I", h8 = "i" }) .. " g1 phase=barrage:g decks=2/2/-")
    local a = bw:parse_action(s, "barrage a1")
    local marks = svg.action_marks(bw, a)
    local names = {}
    for i, sq in ipairs(marks[1][2]) do names[i] = bw.rules:name(sq) end
    assert.same({ "a1", "b1", "a2", "b2" }, names)
    assert.equal("barrage", marks[1].label)
    local w = T.game "wehrschach"
    local enclose = wg.act(w.KIND.enclose, 0, w.rules:square("d4"))
    assert.same({ { "ring", w.rules:square("d4"), label = "enclosed" } }, svg.action_marks(w, enclose))
  end)

  it("a game's action without a square (pass, fly 1) draws nothing", function()
    local bw = T.game "blockwars"
    local s = T.position(bw, T.board(bw, { d4 = "I", h8 = "i" }) .. " c2 decks=2/2/-")
    assert.same({}, svg.action_marks(bw, bw:parse_action(s, "pass")))
  end)

  it("a key under the board names every kind of piece it shows, Wehrschach's unit symbols too", function()
    local function key(text)
      local from = assert(text:find('<g class="key"', 1, true))
      text = text:sub(from, (text:find('<g class="legend"', from, true) or text:find('<g class="caption"', from, true)))
      local names = {}
      for item in text:gmatch('<g class="key%-piece (t%-[%w_]+)"') do
        names[#names + 1] = item
      end
      local labels = {}
      for label in text:gmatch('<text x="[%d.]+" y="[%d.]+">([^<]*)</text>') do
        labels[#labels + 1] = label
      end
      return names, labels
    end
    local w = T.game "wehrschach"
    local names, labels = key(svg.position(w, w:new()))
    assert.same({ "t-artillery", "t-bomber", "t-fighter", "t-headquarter", "t-infantry", "t-tank" }, names)
    assert.same({ "artillery", "bomber", "fighter", "headquarter", "infantry", "tank" }, labels)
    -- only the kinds shown: a board of two kings and a pawn
    local courier = T.game "courier"
    names, labels = key(svg.position(courier, T.position(courier, "k11/pp10/12/12/12/12/12/4R6K w - - 0 1")))
    assert.same({ "t-king", "t-pawn", "t-rook" }, names)
    assert.same({ "king", "pawn", "rook" }, labels)
    -- the queen is named by its label; Block Wars' fighters are beside the board only
    local _, courier_labels = key(svg.position(courier, courier:new()))
    assert.same({ "corporal", "courier", "jester", "king", "knight", "pawn", "queen (ferz)", "rook", "sage" },
                courier_labels)
    local bw = T.game "blockwars"
    names = key(svg.position(bw, bw:new()))
    assert.same({ "t-fighter", "t-infantry", "t-machinegun", "t-tank" }, names)
  end)

  it("C-P7 Courier's queen is drawn as the ferz, one step diagonally, not as the modern queen", function()
    local glyphs = require "wargrid.glyphs"
    local courier = T.game "courier"
    local text = svg.position(courier, T.position(courier, "k11/12/12/12/12/12/12/5F5K w - - 0 1"))
    local queen = text:match('<g id="pc%-f1" class="pc s1 t%-queen">(.-)\n</g>')
    local ferz_d = glyphs.ferz[1].d:gsub("%p", "%%%0")
    local queen_d = glyphs.queen[1].d:gsub("%p", "%%%0")
    assert.matches('d="' .. ferz_d .. '"', queen)
    assert.not_matches('d="' .. queen_d .. '"', queen)
    -- the Amazons' amazon, which moves as a queen, keeps the queen
    local amazons = T.game "amazons"
    assert.matches('d="' .. queen_d .. '"', svg.position(amazons, amazons:new()))
  end)

  it("C-E1 the line under the board tells whose turn it is, or the result", function()
    local game = T.game "courier"
    has(svg.position(game, game:new()),
        '<text x="34" y="626" font%-weight="bold">White to move: opening %(C%-O1%)</text>')
    local plain = T.game "courier_historical"
    has(svg.position(plain, plain:new()), '<text x="34" y="626" font%-weight="bold">White to move</text>')
    local mate = T.position(game, "k3R7/pp10/12/12/12/12/12/K11 b - - 0 1")
    has(svg.position(game, mate),
        '<text x="34" y="598" font%-weight="bold">Game over: White wins by checkmate</text>')
  end)

  it("W-J6 the line under the board names the phase the game is in: play, the reply", function()
    local game = T.game "wehrschach"
    local function caption(text)
      return svg.position(game, T.position(game, text)):match('font%-weight="bold">([^<]*)</text>')
    end
    assert.equal("Red to move: play (W-T1)", caption(game:start_text()))
    -- Red has taken Blue's headquarter, and Blue has four ground units left
    local judged = T.board(game, { f1 = "H", e4 = "I", e8 = "i", a9 = "a", b9 = "t", c9 = "i" })
    assert.equal("Blue to move: reply (W-J6)", caption(judged .. " b r:12"))
    assert.matches("^Game over: ", caption(judged .. " r r:12"))
  end)

  it("the second side's edge is at the bottom with flip", function()
    local game = T.game "courier"
    local text = svg.position(game, game:new(), { flip = true })
    has(text, '<rect id="sq%-a1" class="sq dark" x="694" y="44"')
    has(text, '<rect id="sq%-l8" class="sq dark" x="34" y="464"')
  end)
end)

describe("render: what a side may see (BW-H1)", function()
  it("BW-H1 a side's view never shows the order of a face-down deck", function()
    local bw = T.game "blockwars"
    local function picture(decks, viewer)
      local s = T.position(bw, "2iiii2/2iiii2/iim2mii/8/3ii3/IIIIMIII/IIIITT2/IIIITT2 c2 decks=" .. decks)
      return svg.position(bw, s, { viewer = viewer })
    end
    for viewer = 1, 2 do
      local a, b = picture("K793/5482/Q6", viewer), picture("397K/2845/Q6", viewer)
      assert.equal(a, b)
      has(a, "decks=%?4/%?4/Q6")
    end
    -- the whole position (no viewer) is the position text's, order and all
    has(picture("K793/5482/Q6"), "decks=K793/5482/Q6")
  end)
end)

describe("render: the command", function()
  local run = T.run

  it("writes the picture to -o FILE, or to standard output", function()
    local path = os.tmpname()
    local out, err, code = run { "render", "trenches", "--from", "d1", "-o", path }
    assert.equal(0, code)
    assert.equal("", out .. err)
    local f = assert(io.open(path))
    local text = f:read("a")
    f:close()
    os.remove(path)
    local stdout = run { "render", "trenches", "--from", "d1" }
    assert.equal(text, stdout)
    local game = T.game "trenches"
    assert.equal(svg.position(game, game:new(), { from = game.rules:square("d1") }), text)
  end)

  it("takes a variant, a position, options and a side's view", function()
    local out, _, code = run { "render", "--variant", "examples/variants/trenches_6x6.lua" }
    assert.equal(0, code)
    has(out, '<rect id="sq%-f6"')
    out, _, code = run { "render", "blockwars", "--option", "setup=standard", "--view", "Germans" }
    assert.equal(0, code)
    has(out, "<title>Block Wars, as seen by Germans</title>")
    has(out, "decks=%?26/%?26/%-")
    out = run { "render", "courier", "--position", "k11/12/12/12/12/12/12/K11 w - - 0 1" }
    local _, n = out:gsub('class="pc ', "")
    assert.equal(2, n)
  end)

  it("refuses bad input in one line, exit status 2", function()
    local function refused(args, msg)
      local out, err, code = run(args)
      assert.equal(2, code)
      assert.equal("", out)
      assert.equal("wargrid: " .. msg .. "\n", err)
    end
    refused({ "render", "courier", "--from", "e4" }, "render: --from e4: no piece stands there")
    refused({ "render", "courier", "--from", "z9" }, "render: --from: 'z9' is not a square of the 12x8 board")
    refused({ "render", "courier", "--view", "red" }, "render: --view: one of white, black (or 1, 2), not 'red'")
    refused({ "render", "courier", "--position", "x" },
            "bad position 'x': expected a board, the side to move (w or b) and up to five more fields")
    refused({ "render", "courier", "-o", "/nonexistent/dir/x.svg" },
            "render: cannot write '/nonexistent/dir/x.svg': /nonexistent/dir/x.svg: No such file or directory")
  end)
end)

describe("render: a game record (--record)", function()
  local run = T.run
  local record = require "wargrid.record"
  local replay = require "wargrid.replay"
  local html = require "wargrid.html"

  -- a record of a seeded random game of Trenches, as selfplay writes it
  local dir = os.tmpname()
  os.remove(dir)
  local _, _, code = run { "selfplay", "trenches", "--games", "1", "--seed", "5", "--white", "random",
                           "--black", "random", "--records", dir }
  assert(code == 0)
  local path = dir .. "/000.pgn"
  local f = assert(io.open(path))
  local rec = assert(record.read(f:read("a")))
  f:close()
  local game = T.game "trenches"
  local texts = {}
  for i, item in ipairs(replay.actions(game, rec)) do texts[i] = item.text end

  -- the state after n actions, the last of them, and its line
  local function after(n)
    local s = assert(replay.start(game, rec))
    local last, note
    for i = 1, n do
      note = string.format("%d. %s: %s", i, html.actor(game, s), texts[i])
      last = assert(replay.parse(game, s, texts[i]))
      game:play(s, last)
    end
    return s, last, note
  end

  it("--ply N draws the position after action N, that action, and its line", function()
    assert(#texts > 10)
    local out, err, status = run { "render", "--record", path, "--ply", "7" }
    assert.equal(0, status)
    assert.equal("", err)
    local s, last, note = after(7)
    assert.equal(svg.position(game, s, { last = last, note = note }), out)
    out = run { "render", "--record", path }
    s, last, note = after(#texts)
    assert.equal(svg.position(game, s, { last = last, note = note }), out)
    out = run { "render", "--record", path, "--ply", "0", "--from", "d1" }
    assert.equal(svg.position(game, game:new(), { from = game.rules:square("d1") }), out)
  end)

  it("--html writes the whole record as one page: every action's position, the tags", function()
    local page = dir .. "/game.html"
    local out, err, status = run { "render", "--record", path, "--html", "-o", page }
    assert.equal(0, status)
    assert.equal("", out .. err)
    local fh = assert(io.open(page))
    local text = fh:read("a")
    fh:close()
    local want = html.page(game, assert(html.frames(game, assert(replay.start(game, rec)), texts,
                                                    { parse = replay.parse, write = replay.text })),
                           (function()
                              local tags = {}
                              for i, t in ipairs(rec.tags) do tags[i] = { t.name, t.value } end
                              return tags
                            end)())
    assert.equal(want, text)
    has(text, "<div><dt>Game</dt><dd>trenches</dd></div>")
    has(text, string.format('<input id="slider" type="range" min="0" max="%d"', #texts))
  end)

  it("--html keeps a 74-action game of Trenches within 250 KB (2.5 MB as a picture a step)", function()
    local long = dir .. "/long.pgn"
    local fh = assert(io.open(long, "w"))
    fh:write('[Game "trenches"]\n[Seed "11"]\n[Result "0-1"]\n\n', [[
1. d1-d7/e6 2. g10-g4/f5 3. j4-j6/f6
4. a7-a5/e5 5. e3-j8 6. j7-i7/h6
7. j6-i6/i4 8. f8-a3 9. a4-b4/c5
10. a5-b5/b7 11. b4-a5/f10 12. i7-j6/e1
13. i6-g8/j5 14. b5-d3/a6 15. d7-d8/d4
16. g4-g3/g7 17. j8-i9 18. j6-i6/h5
19. h2-i3 20. i6-i8/h7 21. a5-a4/b5
22. c9-b8 23. g8-g9/i7 24. a3-b2
25. a4-b3/c4 26. b8-c7 27. d8-d7/d5
28. d10-a10/b9 29. f3-g4 30. g3-h4/f2
31. g9-d9/c10 32. e8-e9 33. c2-d1
34. b2-b1 35. d1-d2 36. h4-h3/f1
37. i3-j4 38. h3-i2/h1 39. j4-j1
40. i2-h3/g2 41. i9-h10 42. h3-h4/j6
43. b3-c3/a5 44. h9-f7 45. j1-h3
46. b1-a2 47. c3-b3/a4 48. a10-a9/a10
49. h3-i2 50. d3-c3/b4 51. d2-d3
52. e9-e10 53. g4-g5 54. h4-g3/i5
55. h10-g10 56. e10-f9 57. g10-g9
58. f9-g8 59. g9-h8 60. c7-d6
61. d7-c6/b6 62. d6-d7 63. d9-d8/d9
64. g3-f4/g3 65. i2-j3 66. d7-c8
67. d3-e4 68. a9-a8/a7 69. j3-j2
70. a8-a9/b10 71. j2-i1 72. f7-g6
73. g5-h4 74. a9-a8/a9 0-1
]])
    fh:close()
    local page = dir .. "/long.html"
    local out, err, status = run { "render", "--record", long, "--html", "-o", page }
    assert.equal(0, status)
    assert.equal("", out .. err)
    fh = assert(io.open(page))
    local text = fh:read("a")
    fh:close()
    has(text, '<input id="slider" type="range" min="0" max="74"')
    assert.is_true(#text <= 250 * 1024, #text .. " bytes")
  end)

  it("refuses what does not fit a record in one line, exit status 2", function()
    local function refused(args, msg)
      local out, err, status = run(args)
      assert.equal(2, status)
      assert.equal("", out)
      assert.equal("wargrid: " .. msg .. "\n", err)
    end
    refused({ "render", "--record", path, "--ply", "9999" },
            string.format("render: --ply must be a whole number from 0 to %d, not '9999'", #texts))
    refused({ "render", "--record", path, "--position", "x" },
            "render: --record R starts where the record does: leave out --position")
    refused({ "render", "courier", "--html" }, "render: --html needs --record R")
    refused({ "render", "courier", "--ply", "3" }, "render: --ply needs --record R")
    refused({ "render", "--record", path, "--html", "--ply", "3" },
            "render: --html draws every action: leave out --ply")
    refused({ "render", "--record", dir .. "/none.pgn" },
            "render: cannot read " .. dir .. "/none.pgn: No such file or directory")
    -- under other rules, an action of the record that is illegal is named
    -- (the first the Amazons' rules refuse: their soldiers stand where
    -- Trenches' do, so the record's first actions may be legal there too)
    local amazons = T.game "amazons"
    local s, bad = amazons:new(), nil
    for i, text in ipairs(texts) do
      local a = replay.parse(amazons, s, text)
      if not a then bad = i break end
      amazons:play(s, a)
    end
    assert.truthy(bad)
    refused({ "render", "--record", path, "amazons" },
            string.format("render: %s action %d (%s): '%s' is not a legal action here (type 'moves' to list them)",
                          path, bad, texts[bad], texts[bad]))
  end)
end)
