-- luacheck configuration: `make lint` checks every Lua file of the project.
std = "lua54"
max_line_length = 80
exclude_files = { "build/**" }
-- a method need not use its self
self = false

-- Specs and their helpers: busted's globals; an `it` names its rule IDs in
-- a sentence and positions are written whole, so lines may run longer.
files["tests/**/*.lua"] = { std = "+busted", max_line_length = 120 }
-- a method's state argument is part of its signature, used or not
ignore = { "212/s" }
-- a spec beside the variant it tests (examples/variants/*_spec.lua)
files["**/*_spec.lua"] = { std = "+busted" }
