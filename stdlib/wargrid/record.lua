-- wargrid.record: game records as text in PGN's shape, read into a table
-- and written back. It knows no game: wargrid.replay turns a game played
-- into a record and plays a record's actions under a game's rules.
--
-- A record is tag pairs, a blank line, then the actions, numbered by turn,
-- and the result:
--
--   [Event "wargrid play"]
--   [Date "2026.11.30"]
--   [White "human"]
--   [Black "mcts:800"]
--   [Result "1-0"]
--   [Game "wehrschach"]
--   [Seed "17"]
--   [Termination "judgement: W-J1"]
--
--   1. c2c4 {#4f1c2a3b} 2. c10c8 {#9e00d1c2} 3. barrage f6 {#0c1d2e3f}
--   ... 1-0
--
-- Tags: Game (the game's name), Variant (the variant file it was played
-- with, or for Courier XBoard's variant name "courier"), Options (the
-- --option settings, "aces turns=120"), Seed (the seed of the game's
-- chance), Position (the start, when not the game's own) or, as XBoard
-- writes it, FEN with SetUp "1"; Result (1-0 the first side won, 0-1 the
-- second, 1/2-1/2 a draw, * unfinished), Termination (how it ended, as the
-- game says; "adjudication: ..." when the game was stopped and scored),
-- Date, and White and Black naming the players of the first and second
-- side, whatever the game calls them. Other tags are kept as they are.
--
-- Actions are written in the game's own notation, which may contain spaces
-- ("barrage f6", "no dogfight"). A number "N." starts a turn: the game's
-- own turn N (Block Wars' "Turn N"), or in SAN records PGN's move number;
-- "N..." continues turn N with the other side (Block Wars' placement, or
-- PGN's Black move after a comment). Several actions of one turn are
-- separated by commas, each turn on a line of its own:
--
--   3. a5a4xa3, f6f5xf4, fly 2, no dogfight, strafe h2
--
-- In SAN records (Courier) moves are separated by spaces, as in PGN; a
-- reader that knows the game splits them (wargrid.replay). Comments {...}
-- and ;... may stand anywhere; a comment {#4f1c2a3b} right after an action
-- is the position's hash after it (4 to 16 hex digits), by which a replay
-- tells that an action now does something else. NAGs ($1) are read and
-- dropped; variations ( ... ) are refused.
--
-- M.read(text) is a pure function from text to a table (or nil and what is
-- wrong, naming the line and tag: anything after the tags that is no
-- action, turn number, comment or result, and a record, tag or action
-- longer than its cap, M.MAX_BYTES, M.MAX_TAG, text.ACTION_MAX), in time
-- linear in the text, and M.write(rec) its inverse: what M.write wrote,
-- M.read reads back into a table M.write writes to the same bytes.
-- Comments are read with their white space made single spaces.
local text_of = require "wargrid.text"

local M = {}

M.RESULTS = { ["1-0"] = true, ["0-1"] = true, ["1/2-1/2"] = true,
              ["*"] = true }

-- The tags written first, in this order (PGN's seven, then wargrid's);
-- others follow in the order they were given.
local ORDER = { "Event", "Site", "Date", "Round", "White", "Black", "Result",
                "Game", "Variant", "Options", "Seed", "SetUp", "FEN",
                "Position", "Termination" }

local WIDTH = 79  -- PGN export keeps lines under 80 characters

-- What a record may hold, so that reading one costs no more than its
-- length (a record of a long game is some 100 KB, a Position tag some
-- 300 bytes): 16 MiB of text, 4096 bytes in a tag's value, and an action
-- of wg.text.ACTION_MAX characters. M.read refuses more at once.
M.MAX_BYTES = 16 * 1024 * 1024
M.MAX_TAG = 4096

-- What each known tag's value must be: nil if fine, else what is expected.
local CHECK = {
  Result = function(v)
    if not M.RESULTS[v] then return "1-0, 0-1, 1/2-1/2 or *" end
  end,
  Seed = function(v)
    -- what --seed takes
    local _, why = text_of.integer(v, 0, text_of.SEED_MAX)
    return why and why:gsub("^expected ", "")
  end,
  SetUp = function(v)
    if v ~= "0" and v ~= "1" then return "0 or 1" end
  end,
  Game = function(v)
    if not v:match("^[%w_]+$") then return "a game's name (a word)" end
  end,
  Date = function(v)
    if not v:match("^[%d?][%d?][%d?][%d?]%.[%d?][%d?]%.[%d?][%d?]$") then
      return "a date as YYYY.MM.DD (? for unknown digits)"
    end
  end,
  Options = function(v)
    for word in v:gmatch("%S+") do
      if not (word:match("^[%w_]+$") or word:match("^[%w_]+=%S+$")) then
        return "settings NAME or NAME=VALUE separated by spaces"
      end
    end
  end,
  Variant = function(v)
    if v == "" then return "a variant file or XBoard's variant name" end
  end,
}

-- M.tag(rec, name) -> the tag's value, or nil
function M.tag(rec, name)
  for _, t in ipairs(rec.tags) do
    if t.name == name then return t.value end
  end
  return nil
end

-- M.set_tag(rec, name, value): sets (or with nil removes) a tag
function M.set_tag(rec, name, value)
  for i, t in ipairs(rec.tags) do
    if t.name == name then
      if value == nil then table.remove(rec.tags, i) else t.value = value end
      return
    end
  end
  if value ~= nil then
    rec.tags[#rec.tags + 1] = { name = name, value = value }
  end
end

-- M.new() -> an empty record
function M.new()
  return { tags = {}, pre = {}, actions = {}, result = "*" }
end

-- ---- reading ------------------------------------------------------------

local function squeeze(text)
  return (text:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", ""))
end

local function is_result(word) return M.RESULTS[word] == true end

-- Why a word cannot be part of an action ("reads as ..."), or nil: what
-- the reader takes for something else (a turn number, a result, a NAG),
-- '%', which escapes a line where it starts one, and '"', which only a
-- tag's value holds.
local function bad_word(word)
  if word:match("^%d+%.") or is_result(word) or word:match("^%$%d+$") then
    return "reads as a number, result or NAG"
  elseif word:match("^%%") then
    return "starts with '%', which escapes a line where it starts one"
  elseif word:find("\"", 1, true) then
    return "holds '\"', which only a tag's value holds"
  end
end

-- M.slurp(f) -> the text of the open file f, read no further than one
-- byte past M.MAX_BYTES (M.read refuses it then): a record file of any
-- size costs no more than the most a record may be.
function M.slurp(f)
  return f:read(M.MAX_BYTES + 1) or ""
end

-- The tag section: [Name "value"] pairs, any white space between them.
-- Returns the tags and the position where the movetext starts, or nil and
-- the error.
local function read_tags(text, line_at)
  local tags, seen = {}, {}
  local pos = 1
  while true do
    local ws = text:match("^%s*", pos)
    local p = pos + #ws
    -- "%" at the start of a line escapes the line (PGN)
    if text:sub(p, p) == "%" and (p == 1 or text:sub(p - 1, p - 1) == "\n") then
      local eol = text:find("\n", p, true) or #text
      pos = eol + 1
    elseif text:sub(p, p) ~= "[" then
      return tags, p
    else
      local line = line_at(p)
      local name, q = text:match("^%[%s*([%a_][%w_]*)%s*\"()", p)
      if not name then
        return nil, string.format("line %d: expected a tag pair "
                                  .. "[Name \"value\"]", line)
      end
      -- the value, in runs of plain characters up to a quote, a
      -- backslash or the line's end: no more than M.MAX_TAG bytes read
      local value, size, i = {}, 0, q
      while true do
        local stop = text:find("[\"\\\n]", i) or #text + 1
        size = size + stop - i
        if size > M.MAX_TAG then
          return nil, string.format("line %d: tag %s: the value is longer "
                                    .. "than %d bytes", line, name,
                                    M.MAX_TAG)
        end
        value[#value + 1] = text:sub(i, stop - 1)
        local c = text:sub(stop, stop)
        if c == "" or c == "\n" then
          return nil, string.format("line %d: tag %s: the value has no "
                                    .. "closing quote", line, name)
        elseif c == "\"" then
          i = stop
          break
        end
        local n = text:sub(stop + 1, stop + 1)
        if n ~= "\\" and n ~= "\"" then
          return nil, string.format("line %d: tag %s: '\\' must be "
                                    .. "followed by '\\' or '\"'", line,
                                    name)
        end
        value[#value + 1] = n
        size = size + 1
        i = stop + 2
      end
      local close = text:match("^%s*%]()", i + 1)
      if not close then
        return nil, string.format("line %d: tag %s: expected ']' after the "
                                  .. "value", line, name)
      end
      if seen[name] then
        return nil, string.format("line %d: tag %s given twice (line %d "
                                  .. "first)", line, name, seen[name])
      end
      seen[name] = line
      local v = table.concat(value)
      local bad = CHECK[name] and CHECK[name](v)
      if bad then
        return nil, string.format("line %d: tag %s: expected %s, not %s",
                                  line, name, bad, text_of.quote(v))
      end
      tags[#tags + 1] = { name = name, value = v, line = line }
      pos = close
    end
  end
end

-- M.read(text) -> record, or nil and "line N: ..." naming what is wrong.
-- A record: { tags = { { name =, value =, line = }, ... }, pre = { comment,
-- ... } (before the first action), actions = { { text =, line =, turn = N
-- or nil (the number before it), cont = true ("N..."), sep = "," or " "
-- (what separates it from the action before it in its turn), hash = hex
-- digits or nil, comments = { ... } or nil }, ... }, result = "1-0" }.
function M.read(text)
  if type(text) ~= "string" then return nil, "a record must be text" end
  if #text > M.MAX_BYTES then
    return nil, string.format("is larger than %d bytes (16 MiB), the most "
                              .. "a record may be", M.MAX_BYTES)
  end
  -- line numbers by position, counted as the reader goes on (it asks for
  -- positions in order; one before the last counts from the start)
  local counted, count = 1, 1  -- the line at position counted
  local function line_at(p)
    if p < counted then counted, count = 1, 1 end
    local nl = text:find("\n", counted, true)
    while nl and nl < p do
      count = count + 1
      nl = text:find("\n", nl + 1, true)
    end
    counted = p
    return count
  end
  local tags, pos = read_tags(text, line_at)
  if not tags then return nil, pos end
  local rec = { tags = tags, pre = {}, actions = {} }
  local function fail(p, fmt, ...)
    return nil, string.format("line %d: " .. fmt, line_at(p), ...)
  end
  local words = {}         -- the words of the action being read
  local length = 0         -- its length, with the spaces between words
  local word_line          -- where it started
  local marker             -- the turn number waiting for its action
  local last_turn           -- the last turn number read
  local sep                -- "," after a comma, " " else (within a turn)
  local in_turn = false    -- an action has been read since the number
  local function flush()
    if #words == 0 then return end
    local a = { text = table.concat(words, " "), line = word_line }
    if marker then
      a.turn, a.cont = marker.n, marker.cont or nil
      marker = nil
    elseif in_turn then
      a.sep = sep or " "
    end
    rec.actions[#rec.actions + 1] = a
    words, length, sep, in_turn = {}, 0, nil, true
  end
  -- the next word of the action being read, at p: nil and what is wrong
  -- when it cannot be part of one, or makes it longer than an action is
  local function add(p, word)
    local why = bad_word(word)
    if why then
      return fail(p, "%s is not an action: it %s", text_of.quote(word), why)
    end
    if #words == 0 then word_line = line_at(p) end
    words[#words + 1] = word
    length = length + #word + (#words > 1 and 1 or 0)
    if length > text_of.ACTION_MAX then
      return fail(p, "%s", text_of.long_action(table.concat(words, " ")))
    end
    return true
  end
  local function comment(p, body)
    body = squeeze(body)
    local last = rec.actions[#rec.actions]
    local hex = body:match("^#(%x+)$")
    if hex and #hex >= 4 and #hex <= 16 then
      if not last or marker or sep then
        return fail(p, "a hash comment {#%s} must follow an action", hex)
      end
      if last.hash then
        return fail(p, "action %s has two hash comments",
                    text_of.quote(last.text))
      end
      last.hash = hex:lower()
      return true
    end
    if marker or sep then
      return fail(p, "a comment between a turn number or ',' and its "
                  .. "action")
    elseif not last then
      rec.pre[#rec.pre + 1] = body
    else
      last.comments = last.comments or {}
      last.comments[#last.comments + 1] = body
    end
    return true
  end
  local n = #text
  while true do
    local ws = text:match("^%s*", pos)
    pos = pos + #ws
    if pos > n then break end
    local c = text:sub(pos, pos)
    local at_line_start = pos == 1 or text:sub(pos - 1, pos - 1) == "\n"
    if c == "{" then
      flush()
      local close = text:find("}", pos + 1, true)
      if not close then return fail(pos, "a comment '{' is never closed") end
      local ok, err = comment(pos, text:sub(pos + 1, close - 1))
      if not ok then return nil, err end
      pos = close + 1
    elseif c == ";" or (c == "%" and at_line_start) then
      flush()
      local eol = text:find("\n", pos, true) or n + 1
      if c == ";" then
        local body = text:sub(pos + 1, eol - 1)
        -- M.write writes every comment in braces, which '}' would end
        if body:find("}", 1, true) then
          return fail(pos, "a comment ';...' may not contain '}'")
        end
        local ok, err = comment(pos, body)
        if not ok then return nil, err end
      end
      pos = eol
    elseif c == "(" or c == ")" then
      return fail(pos, "variations ( ... ) are not supported")
    elseif c == "[" or c == "]" then
      return fail(pos, "a tag pair after the actions (tags come first)")
    elseif c == "}" then
      return fail(pos, "'}' without '{'")
    elseif c == "," then
      flush()
      if not in_turn or sep then
        return fail(pos, "',' must stand between two actions of a turn")
      end
      sep = ","
      pos = pos + 1
    else
      local word = text:match("^[^%s{};,%(%)%[%]]+", pos)
      local num, dots, rest = word:match("^(%d+)(%.+)(.*)$")
      if num then
        flush()
        if sep then return fail(pos, "',' before a turn number") end
        if marker then
          return fail(pos, "turn number %s. has no action", marker.n)
        end
        local k = math.tointeger(tonumber(num))
        local cont = #dots > 1
        if not k or k < 1 or (#dots ~= 1 and #dots ~= 3) then
          return fail(pos, "'%s%s' is not a turn number (N. or N...)", num,
                      dots)
        end
        if last_turn and (k < last_turn or (k == last_turn and not cont)) then
          return fail(pos, "turn %d after turn %d%s", k, last_turn,
                      k == last_turn and " (write " .. k .. "... to go on "
                      .. "with it)" or "")
        end
        last_turn = k
        marker = { n = k, cont = cont }
        in_turn = false
        pos = pos + #num + #dots
        if rest ~= "" then  -- "1.e4": the action follows at once
          local ok, err = add(pos, rest)
          if not ok then return nil, err end
          pos = pos + #rest
        end
      elseif word:match("^%$%d+$") then
        flush()
        pos = pos + #word
      elseif is_result(word) then
        flush()
        if marker then
          return fail(pos, "turn number %d. has no action", marker.n)
        end
        if sep then return fail(pos, "',' before the result") end
        rec.result = word
        pos = pos + #word
        local tail = text:match("^%s*", pos)
        pos = pos + #tail
        -- comments may follow the result; nothing else
        while pos <= n do
          local ch = text:sub(pos, pos)
          if ch == "{" then
            local close = text:find("}", pos + 1, true)
            if not close then
              return fail(pos, "a comment '{' is never closed")
            end
            pos = close + 1
          elseif ch == ";" then
            pos = (text:find("\n", pos, true) or n) + 1
          else
            return fail(pos, "text after the result %s: one game per record",
                        word)
          end
          pos = pos + #text:match("^%s*", pos)
        end
        break
      else
        local ok, err = add(pos, word)
        if not ok then return nil, err end
        pos = pos + #word
      end
    end
  end
  flush()
  if not rec.result then
    return fail(n + 1, "the actions must end with the result (1-0, 0-1, "
                .. "1/2-1/2 or *)")
  end
  if marker then return fail(n + 1, "turn number %d. has no action",
                             marker.n) end
  local tagged = M.tag(rec, "Result")
  if tagged and tagged ~= rec.result then
    local line
    for _, t in ipairs(tags) do if t.name == "Result" then line = t.line end end
    return nil, string.format("line %d: tag Result: '%s', but the actions "
                              .. "end with %s", line, tagged, rec.result)
  end
  if M.tag(rec, "SetUp") == "1" and not M.tag(rec, "FEN") then
    return nil, "tag SetUp: \"1\" needs a FEN tag with the position"
  end
  if M.tag(rec, "FEN") and M.tag(rec, "Position") then
    return nil, "tags FEN and Position both give the start: keep one"
  end
  return rec
end

-- ---- writing ------------------------------------------------------------

local function quote(v)
  return "\"" .. v:gsub("[\\\"]", "\\%0") .. "\""
end

-- Why a text cannot stand in a record as an action, or nil.
local function bad_action(text)
  if text:find("[{};,%(%)%[%]]") then
    return "it contains one of { } ; , ( ) [ ]"
  end
  if not text:match("%S") or text ~= squeeze(text) then
    return "it must be words separated by single spaces"
  end
  for word in text:gmatch("%S+") do
    local why = bad_word(word)
    if why then return "its word '" .. word .. "' " .. why end
  end
  return text_of.long_action(text)
end

local function check_comment(text)
  if text:find("}", 1, true) then
    error("record: a comment may not contain '}': " .. text, 2)
  end
  return squeeze(text)
end

-- M.write(rec) -> the record as text. Raises on what cannot be written
-- (an action text with a comma, a tag value with a newline).
function M.write(rec)
  local out, done = {}, {}
  local function tag(t)
    if t.value:find("\n", 1, true) then
      error(string.format("record: tag %s has a newline", t.name), 2)
    end
    out[#out + 1] = string.format("[%s %s]", t.name, quote(t.value))
  end
  for _, name in ipairs(ORDER) do
    for _, t in ipairs(rec.tags) do
      if t.name == name and not done[t] then tag(t) done[t] = true end
    end
  end
  for _, t in ipairs(rec.tags) do
    if not done[t] then tag(t) end
  end
  -- the movetext as units no line break splits: an action with its turn
  -- number and hash comment, or a word of a comment. A line break is
  -- forced before a turn's number when some turn has several actions
  -- separated by commas. The reader reads back the same actions, so the
  -- lines break in the same places.
  local grouped = false
  for _, a in ipairs(rec.actions) do grouped = grouped or a.sep == "," end
  local units = {}
  local function comment(c)
    for w in ("{" .. check_comment(c) .. "}"):gmatch("%S+") do
      units[#units + 1] = { text = w }
    end
  end
  for _, c in ipairs(rec.pre or {}) do comment(c) end
  for i, a in ipairs(rec.actions) do
    local why = bad_action(a.text)
    if why then
      error(string.format("record: action %d '%s' cannot be written: %s", i,
                          a.text, why), 2)
    end
    if a.sep == "," and not a.turn then
      units[#units].text = units[#units].text .. ","
    end
    local u = { text = a.text, forced = grouped and a.turn and i > 1 }
    if a.turn then u.text = a.turn .. (a.cont and "... " or ". ") .. u.text end
    if a.hash then u.text = u.text .. " {#" .. a.hash .. "}" end
    units[#units + 1] = u
    for _, c in ipairs(a.comments or {}) do comment(c) end
  end
  units[#units + 1] = { text = rec.result or "*",
                        forced = grouped and #rec.actions > 0 }
  local lines, line = {}, ""
  for _, u in ipairs(units) do
    if line ~= "" and (u.forced or #line + 1 + #u.text > WIDTH) then
      lines[#lines + 1] = line
      line = u.text
    else
      line = line == "" and u.text or line .. " " .. u.text
    end
  end
  lines[#lines + 1] = line
  if #out > 0 then out[#out + 1] = "" end
  out[#out + 1] = table.concat(lines, "\n")
  return table.concat(out, "\n") .. "\n"
end

-- M.valid_action(text) -> true, or nil and why the text cannot stand in a
-- record as an action
function M.valid_action(text)
  local why = bad_action(text)
  if why then return nil, why end
  return true
end

return M
