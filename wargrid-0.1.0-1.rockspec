-- LuaRocks: `luarocks make` in the source tree builds wargrid with its
-- Makefile and installs the Lua modules, the C runtime and the wargrid
-- command into the rocks tree (the games, examples and man page stay in the
-- rock's own directory, where the installed modules find them).
-- With LuaFileSystem from Debian (lua-filesystem) rather than from LuaRocks:
--   luarocks --lua-version 5.4 make --deps-mode=none
rockspec_format = "3.0"
package = "wargrid"
version = "0.1.0-1"
source = {
  url = "git+file://.",
}
description = {
  summary = "Rules for two-player grid war games, written in Lua, played in C",
  detailed = [[
A C runtime (grid, path tracing, a journaled game state, turns, seeded
chance) with Lua 5.4 bindings, a Lua stdlib to declare games and house
variants, games written with it, and the wargrid command to play them in a
terminal, count their game trees, and test rules with busted.]],
}
dependencies = {
  "lua >= 5.4, < 5.5",
  "luafilesystem",
}
build = {
  type = "make",
  build_variables = {
    CFLAGS = "$(CFLAGS)",
    LUA_INC = "$(LUA_INCDIR)",
  },
  install_variables = {
    PREFIX = "$(PREFIX)",
    BINDIR = "$(BINDIR)",
    LUA_LMOD = "$(LUADIR)",
    LUA_CMOD = "$(LIBDIR)",
  },
}
