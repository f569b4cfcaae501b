-- wargrid.text: input as wargrid reads and shows it -- one reader of whole
-- numbers with limits, and one way to show input in a message, so that
-- every message about bad input is one line that says what was expected.
local M = {}

-- The largest number a state's counter (s:var, a turn) holds: 2^31 - 1.
M.INT_MAX = 2147483647

-- The largest seed: 2^53, the largest whole number every reader of JSON
-- keeps exactly (seeds go into records and selfplay's JSON lines).
M.SEED_MAX = 2 ^ 53 // 1

-- The longest action text wargrid reads: no game writes one of more than
-- some 100 characters, and a longer text is refused before it is matched
-- with any action (game:explain, game:parse_action, records).
M.ACTION_MAX = 1000

local ESCAPES = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

-- The first n characters of s and "..." when it is longer, control
-- characters written as \n, \r, \t or \xHH.
local function cut(s, n)
  if type(s) ~= "string" then s = tostring(s) end
  if #s > n then
    local at = utf8.len(s) and utf8.offset(s, n + 1) or n + 1
    if at <= #s then s = s:sub(1, at - 1) .. "..." end
  end
  return (s:gsub("[%c\127]", function(c)
    return ESCAPES[c] or string.format("\\x%02x", c:byte())
  end))
end

-- text.short(input) -> the input as a message shows it: its first 60
-- characters, one line
function M.short(input)
  return cut(input, 60)
end

-- text.quote(input) -> the input short, in single quotes: 'e2e5'
function M.quote(input)
  return "'" .. cut(input, 60) .. "'"
end

-- text.shell_quote(s) -> s as one word of a shell command, quoted
function M.shell_quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- text.line(message) -> the message as one line of at most 300 characters
-- (what a game says is wrong, which may echo its input whole)
function M.line(message)
  return cut(message, 300)
end

-- text.trim(input) -> the input without white space at either end, in
-- time linear in its length (the pattern "^%s*(.-)%s*$" is quadratic in a
-- run of spaces inside the text)
function M.trim(input)
  local from = input:find("%S")
  return from and input:match("^.*%S", from) or ""
end

-- text.long_action(input) -> why the input cannot be an action text, when
-- it is longer than M.ACTION_MAX ("an action is at most 1000 characters,
-- not 5000"); nil for one that may be
function M.long_action(input)
  if #input <= M.ACTION_MAX then return nil end
  return string.format("an action is at most %d characters, not %d",
                       M.ACTION_MAX, #input)
end

-- text.integer(input, min, max) -> the whole number the input writes (in
-- decimal digits, a minus sign first when min < 0), if it is from min to
-- max; else nil and "expected a whole number from MIN to MAX".
function M.integer(input, min, max)
  local n = type(input) == "string"
            and input:match(min < 0 and "^%-?%d+$" or "^%d+$")
            and math.tointeger(tonumber(input))
  if n and n >= min and n <= max then return n end
  return nil, string.format("expected a whole number from %d to %d", min,
                            max)
end

-- text.number(input, min, max) -> the number the input writes in decimal
-- (digits, a point and digits), if it is from min to max; else nil and
-- "expected a number from MIN to MAX".
function M.number(input, min, max)
  local n = type(input) == "string" and (input:match("^%d+%.?%d*$")
                                         or input:match("^%.%d+$"))
            and tonumber(input)
  if n and n >= min and n <= max then return n end
  return nil, string.format("expected a number from %s to %s", min, max)
end

return M
