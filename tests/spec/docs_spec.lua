-- The documentation as a reader meets it: every example of README.md and
-- doc/ runs and shows what the page shows (tests/doctest.lua says what an
-- example is), every link resolves, and the man page and `wargrid help`
-- name the same commands and options.
local doctest = require "doctest"
local files_of = require "files"
local lfs = require "lfs"

local ROOT = lfs.currentdir()
local slurp = files_of.slurp

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local files = files_of.list

-- The documents a reader is sent to.
local DOCS = { "README.md" }
for _, f in ipairs(files("doc", "%.md$")) do DOCS[#DOCS + 1] = f end

-- A scratch directory that looks like the repository's root (each of its
-- entries linked) and where an example's files and outputs go.
local function scratch()
  local dir = files_of.tmpdir()
  for name in lfs.dir(ROOT) do
    if name ~= "." and name ~= ".." and name ~= ".git" then
      assert(os.execute("ln -s " .. quote(ROOT .. "/" .. name) .. " "
                        .. quote(dir .. "/" .. name)))
    end
  end
  return dir
end

local function run(dir, command)
  local h = io.popen("cd " .. quote(dir) .. " && PATH=" .. quote(ROOT
    .. "/build:" .. os.getenv("PATH")) .. " COLUMNS=80 timeout 300 sh -c "
    .. quote(command) .. " 2>&1 </dev/null")
  local out = h:read("a")
  local _, _, code = h:close()
  local lines = {}
  for line in out:gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  if out:sub(-1) ~= "\n" and out ~= "" then
    lines[#lines + 1] = out:match("[^\n]*$")
  end
  return lines, code
end

for _, doc in ipairs(DOCS) do
  describe("docs: the examples of " .. doc, function()
    local dir = scratch()
    teardown(function() os.execute("rm -rf " .. quote(dir)) end)
    for _, block in ipairs(doctest.blocks(slurp(doc))) do
      if block.lang == "lua" and block.file then
        it("writes " .. block.file .. " (line " .. block.line .. ")",
           function()
          assert(load(block.body, "=" .. block.file))
          files_of.write(dir .. "/" .. block.file, block.body .. "\n")
        end)
      elseif block.lang == "lua" then
        it("a Lua snippet compiles (line " .. block.line .. ")", function()
          local ok, err = load(block.body, "=" .. doc .. ":" .. block.line)
          assert(ok, err)
        end)
      elseif block.lang == "console" then
        for _, c in ipairs(doctest.commands(block)) do
          it("$ " .. c.command:gsub("\\\n", " ") .. " (line " .. c.line
             .. ")", function()
            local got, code = run(dir, c.command)
            local failing = false
            for _, line in ipairs(c.output) do
              if line:match("^wargrid: ") then failing = true end
            end
            local want = block.exit or (failing and 2 or 0)
            local text = table.concat(got, "\n")
            assert.equal(want, code, doc .. ":" .. c.line .. " exit " .. code
                         .. ":\n" .. text)
            if #c.output > 0 then
              assert(doctest.matches(c.output, got), doc .. ":" .. c.line
                     .. " shows\n" .. table.concat(c.output, "\n")
                     .. "\nbut the command printed\n" .. text)
            end
          end)
        end
      end
    end
  end)
end

describe("docs: links", function()
  local pages = {}
  for _, d in ipairs(DOCS) do pages[#pages + 1] = d end
  for _, dir in ipairs({ "scripts/games", "examples/games" }) do
    for _, g in ipairs(files(dir, "^[%w_]+$")) do
      if lfs.attributes(g .. "/rules.md") then
        pages[#pages + 1] = g .. "/rules.md"
      end
    end
  end

  it("every link of every page resolves, anchors included", function()
    local broken, n = {}, 0
    for _, page in ipairs(pages) do
      local base = page:match("^(.*)/") or "."
      for _, link in ipairs(doctest.links(slurp(page))) do
        local t = link.target
        if not t:match("^%a[%w+.-]*:") then          -- not http:, mailto:
          n = n + 1
          local path, anchor = t:match("^([^#]*)#?(.*)$")
          local target = path == "" and page or base .. "/" .. path
          local kind = lfs.attributes(target, "mode")
          if not kind then
            broken[#broken + 1] = page .. ":" .. link.line .. " " .. t
          elseif anchor ~= "" and target:match("%.md$")
                 and not doctest.anchors(slurp(target))[anchor] then
            broken[#broken + 1] = page .. ":" .. link.line .. " " .. t
                                  .. " (no such heading)"
          end
        end
      end
    end
    assert.same({}, broken)
    assert.is_true(n > 0)
  end)

  it("a heading's anchor is GitHub's", function()
    assert.equal("writing-a-variant", doctest.slug("Writing a variant"))
    assert.equal("engine-protocols-xboard-and-uci",
                 doctest.slug("Engine protocols: XBoard and UCI"))
    assert.equal("the-ai-and-is-my-variant-balanced",
                 doctest.slug('The AI, and "is my variant balanced?"'))
    assert.equal("wargridtest", doctest.slug("`wargrid.test`"))
  end)
end)

describe("docs: the man page and wargrid help agree", function()
  local man = slurp("doc/wargrid.1")
  local function help(args)
    return (files_of.sh("build/wargrid " .. args .. " 2>&1"))
  end

  local commands = {}
  for name in help("help"):match("commands:(\n.-)\n\n"):gmatch("\n  (%l+)") do
    commands[#commands + 1] = name
  end

  it("every command of `wargrid help` has its entry in the man page", function()
    local section = man:match("%.SH COMMANDS(\n.-)%.SH ")
    local missing = {}
    for _, name in ipairs(commands) do
      if not (section:find("\n%.TP\n%.BI? \"?" .. name .. "[\" \n]")) then
        missing[#missing + 1] = name
      end
    end
    assert.same({}, missing)
    assert.is_true(#commands >= 15)
  end)

  it("every option of a command's --help is in the man page, and back",
     function()
    local in_help, missing = {}, {}
    for _, name in ipairs(commands) do
      for opt in help(name .. " --help"):gmatch("%-%-(%l[%l%-]*%l)") do
        in_help[opt] = true
      end
    end
    for opt in help("help"):gmatch("%-%-(%l[%l%-]*%l)") do
      in_help[opt] = true
    end
    local plain = man:gsub("\\%-", "-")
    local in_man = {}
    for opt in plain:gmatch("%-%-(%l[%l%-]*%l)") do in_man[opt] = true end
    for opt in pairs(in_help) do
      if not in_man[opt] then
        missing[#missing + 1] = "man lacks --" .. opt
      end
    end
    for opt in pairs(in_man) do
      if not in_help[opt] then
        missing[#missing + 1] = "help lacks --" .. opt
      end
    end
    table.sort(missing)
    assert.same({}, missing)
  end)
end)
