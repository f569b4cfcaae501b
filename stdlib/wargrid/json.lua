-- wargrid.json: JSON for reports and shard files -- numbers, strings,
-- booleans, arrays and objects (keys sorted, so output is stable).
local json = {}

local ESC = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r",
              ["\t"] = "\\t" }

-- s as UTF-8, which JSON text is: each byte of s that is not part of a
-- valid UTF-8 sequence (a game's text may hold any byte) is U+FFFD
local function utf8_only(s)
  if utf8.len(s) then return s end
  local parts, at = {}, 1
  while at <= #s do
    local _, bad = utf8.len(s, at)
    if not bad then
      parts[#parts + 1] = s:sub(at)
      break
    end
    parts[#parts + 1] = s:sub(at, bad - 1) .. "\u{FFFD}"
    at = bad + 1
  end
  return table.concat(parts)
end

local function encode(v, out)
  local t = type(v)
  if t == "nil" then
    out[#out + 1] = "null"
  elseif t == "boolean" then
    out[#out + 1] = tostring(v)
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then
      out[#out + 1] = "null"
    elseif math.type(v) == "integer" then
      out[#out + 1] = tostring(v)
    else
      out[#out + 1] = string.format("%.10g", v)
    end
  elseif t == "string" then
    out[#out + 1] = '"' .. utf8_only(v):gsub('[%c"\\]', function(c)
      return ESC[c] or string.format("\\u%04x", c:byte())
    end) .. '"'
  elseif t == "table" then
    if #v > 0 or next(v) == nil then
      out[#out + 1] = "["
      for i, x in ipairs(v) do
        if i > 1 then out[#out + 1] = "," end
        encode(x, out)
      end
      out[#out + 1] = "]"
    else
      local keys, orig = {}, {}
      for k in pairs(v) do
        keys[#keys + 1] = tostring(k)
        orig[tostring(k)] = k
      end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        encode(k, out)
        out[#out + 1] = ":"
        encode(v[orig[k]], out)
      end
      out[#out + 1] = "}"
    end
  else
    error("json: cannot encode a " .. t)
  end
end

function json.encode(v)
  local out = {}
  encode(v, out)
  return table.concat(out)
end

-- The deepest a decoded value's arrays and objects nest: a deeper one is
-- refused, as the reader's recursion would overflow its stack.
json.DEPTH = 100

-- json.decode(text) -> value, or nil, message
function json.decode(text)
  local pos = 1
  local function fail(msg)
    error({ msg = string.format("%s at character %d", msg, pos) }, 0)
  end
  local function ws() pos = text:find("[^ \t\r\n]", pos) or #text + 1 end
  local value
  local function str()
    local out = {}
    pos = pos + 1
    while true do
      local c = text:sub(pos, pos)
      if c == "" then fail("unfinished string") end
      if c == '"' then pos = pos + 1 break end
      if c == "\\" then
        local e = text:sub(pos + 1, pos + 1)
        local map = { n = "\n", r = "\r", t = "\t", b = "\b", f = "\f" }
        if e == "u" then
          out[#out + 1] = utf8.char(tonumber(text:sub(pos + 2, pos + 5), 16)
                                    or fail("bad \\u"))
          pos = pos + 6
        else
          out[#out + 1] = map[e] or e
          pos = pos + 2
        end
      else
        out[#out + 1] = c
        pos = pos + 1
      end
    end
    return table.concat(out)
  end
  -- Reads comma-separated items up to `close`; item() reads one.
  local function items(close, item)
    pos = pos + 1
    ws()
    if text:sub(pos, pos) == close then pos = pos + 1 return end
    while true do
      item()
      ws()
      local d = text:sub(pos, pos)
      pos = pos + 1
      if d == close then return end
      if d ~= "," then fail("expected ',' or '" .. close .. "'") end
    end
  end
  local depth = 0  -- arrays and objects open: at most json.DEPTH
  function value()
    ws()
    local c = text:sub(pos, pos)
    if (c == "{" or c == "[") and depth == json.DEPTH then
      fail("nested deeper than " .. json.DEPTH)
    end
    if c == "{" then
      local t = {}
      depth = depth + 1
      items("}", function()
        ws()
        if text:sub(pos, pos) ~= '"' then fail("expected a key") end
        local k = str()
        ws()
        if text:sub(pos, pos) ~= ":" then fail("expected ':'") end
        pos = pos + 1
        t[k] = value()
      end)
      depth = depth - 1
      return t
    elseif c == "[" then
      local t = {}
      depth = depth + 1
      items("]", function() t[#t + 1] = value() end)
      depth = depth - 1
      return t
    elseif c == '"' then
      return str()
    elseif text:find("^true", pos) then
      pos = pos + 4
      return true
    elseif text:find("^false", pos) then
      pos = pos + 5
      return false
    elseif text:find("^null", pos) then
      pos = pos + 4
      return nil
    else
      local num = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
      if not num or num == "" then fail("unexpected character") end
      pos = pos + #num
      return math.tointeger(tonumber(num)) or tonumber(num)
    end
  end
  local ok, v = pcall(function()
    local v = value()
    ws()
    if pos <= #text then fail("trailing text") end
    return v
  end)
  if ok then return v end
  if type(v) == "table" then return nil, v.msg end
  error(v, 0)
end

return json
