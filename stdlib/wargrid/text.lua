-- wargrid.text: input as wargrid reads and shows it -- one reader of whole
-- numbers with limits, and one quoting of input for messages, so that
-- every message about bad input is one line that says what was expected.
local M = {}

local SHOWN = 60  -- characters of input a message shows

local ESCAPES = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

-- text.quote(input) -> the input in single quotes for a message: its first
-- 60 characters and "..." when it is longer, control characters written as
-- \n, \r, \t or \xHH, so that the message stays one line.
function M.quote(input)
  local s = type(input) == "string" and input or tostring(input)
  local shown = s
  if #s > SHOWN then
    local cut = utf8.len(s) and utf8.offset(s, SHOWN + 1) or SHOWN + 1
    shown = cut <= #s and s:sub(1, cut - 1) .. "..." or s
  end
  shown = shown:gsub("[%c\127]", function(c)
    return ESCAPES[c] or string.format("\\x%02x", c:byte())
  end)
  return "'" .. shown .. "'"
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
