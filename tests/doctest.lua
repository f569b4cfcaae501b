-- The examples of a Markdown document, read for the doc tests
-- (tests/spec/docs_spec.lua), and the links it makes.
--
-- What counts as an example, in the order the document gives them:
-- - a ```console block: each line "$ COMMAND" is run (a line ending in a
--   backslash goes on on the next), in the document's scratch directory;
--   the lines after it, up to the next "$", are its output as shown.
--   "..." alone on a line stands for any number of lines, and a line
--   ending in "..." for any line that begins as it does. A command whose
--   shown output has a line "wargrid: ..." is expected to fail (exit 2),
--   any other to succeed; `<!-- exit: N -->` before the block says N.
-- - a ```lua block after `<!-- file: NAME -->` is written to NAME in the
--   scratch directory before the commands that follow it run.
-- Every other ```lua block is checked to compile. ```sh blocks are
-- illustrations (interactive commands, long runs) and are not run.
local M = {}

-- M.blocks(text) -> { { lang =, body =, line =, file =, exit = }, ... }:
-- the fenced blocks, with the marker comment just before each
function M.blocks(text)
  local out, n, open, marker = {}, 0, nil, {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if open then
      if line:match("^```%s*$") then
        open.body = table.concat(open.lines, "\n")
        open.lines = nil
        out[#out + 1] = open
        open = nil
      else
        open.lines[#open.lines + 1] = line
      end
    else
      local lang = line:match("^```(%S*)%s*$")
      if lang then
        open = { lang = lang, lines = {}, line = n + 1, file = marker.file,
                 exit = marker.exit }
        marker = {}
      elseif line:match("^<!%-%-") then
        marker.file = line:match("<!%-%- file: (%S+) %-%->") or marker.file
        marker.exit = tonumber(line:match("<!%-%- exit: (%d+) %-%->"))
                      or marker.exit
      elseif line:match("%S") then
        marker = {}
      end
    end
  end
  return out
end

-- M.commands(block) -> { { command =, output = { line, ... }, line = }, ... }
-- of a console block
function M.commands(block)
  local out, current, n = {}, nil, block.line - 1
  local continued = false
  for line in (block.body .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if continued then
      current.command = current.command .. "\n" .. line
      continued = line:match("\\$") ~= nil
    elseif line:match("^%$ ") then
      current = { command = line:sub(3), output = {}, line = n }
      out[#out + 1] = current
      continued = line:match("\\$") ~= nil
    elseif current then
      current.output[#current.output + 1] = line
    end
  end
  for _, c in ipairs(out) do           -- no blank lines at the end
    while c.output[#c.output] == "" do c.output[#c.output] = nil end
  end
  return out
end

-- M.matches(shown, got) -> whether the output got is the output shown
-- ("..." in shown stands for any lines; trailing blanks are ignored)
function M.matches(shown, got)
  local function trim(s) return (s:gsub("%s+$", "")) end
  local function from(i, j)
    if i > #shown then return j > #got end
    if shown[i] == "..." then
      for k = j, #got + 1 do
        if from(i + 1, k) then return true end
      end
      return false
    end
    if j > #got then return false end
    local want, line = trim(shown[i]), trim(got[j])
    if want:sub(-3) == "..." then                 -- "verdict: ..."
      if line:sub(1, #want - 3) ~= want:sub(1, -4) then return false end
    elseif want ~= line then
      return false
    end
    return from(i + 1, j + 1)
  end
  return from(1, 1)
end

-- M.slug(heading) -> the anchor a Markdown heading gets, as GitHub makes
-- it: lower case, punctuation dropped, spaces as hyphens
function M.slug(heading)
  local s = heading:lower():gsub("`", "")
  s = s:gsub("[^%w%s%-_\128-\255]", ""):gsub(" ", "-")
  return s
end

-- M.anchors(text) -> set of the document's heading anchors
function M.anchors(text)
  local set, seen, fenced = {}, {}, false
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^```") then fenced = not fenced end
    local h = not fenced and line:match("^#+%s+(.-)%s*$")
    if h then
      local slug = M.slug(h)
      if seen[slug] then
        seen[slug] = seen[slug] + 1
        slug = slug .. "-" .. seen[slug]
      else
        seen[slug] = 0
      end
      set[slug] = true
    end
  end
  return set
end

-- M.links(text) -> { { target =, line = }, ... }: the document's inline
-- links and images, outside code
function M.links(text)
  local out, n, fenced = {}, 0, false
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if line:match("^```") then fenced = not fenced end
    if not fenced then
      local plain = line:gsub("`[^`]*`", "")
      for target in plain:gmatch("%]%(([^)%s]+)[^)]*%)") do
        out[#out + 1] = { target = target, line = n }
      end
    end
  end
  return out
end

return M
