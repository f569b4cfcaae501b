# wargrid -- make play | make test | make bench | make install (PREFIX, DESTDIR)
PREFIX ?= /usr/local
DATADIR = $(PREFIX)/share/wargrid
GAME ?= wehrschach
CC ?= gcc
LUA_INC ?= /usr/include/lua5.4
LUA_A ?= $(firstword $(wildcard /usr/lib/*/liblua5.4.a) /usr/lib/x86_64-linux-gnu/liblua5.4.a)
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Werror
CPPFLAGS += -I$(LUA_INC) -D_POSIX_C_SOURCE=200809L -DWARGRID_DATADIR='"$(DATADIR)"'

# Every runtime/X.c is part of the runtime; X_lua.c files are Lua bindings.
SRC = $(filter-out main,$(basename $(notdir $(wildcard runtime/*.c))))
BIND = $(filter %_lua,$(SRC))
CORE = $(filter-out %_lua,$(SRC))
OBJ = $(addprefix build/obj/,$(addsuffix .o,$(CORE) $(BIND)))
PIC = $(addprefix build/pic/,$(addsuffix .o,$(CORE) $(BIND)))
HDR = $(wildcard runtime/*.h)

.PHONY: all deps deps-test play test bench lint install clean
all: deps build/wargrid build/lua/wargrid.so

deps:
	@tools/install-deps build
deps-test:
	@tools/install-deps test

build/obj/%.o: runtime/%.c $(HDR)
	@mkdir -p $(@D)
	@echo "CC $<"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -c $< -o $@
build/pic/%.o: runtime/%.c $(HDR)
	@mkdir -p $(@D)
	@echo "CC $< (module)"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -fPIC -c $< -o $@

# The executable links Lua statically and exports its API for C modules (lfs).
build/wargrid: build/obj/main.o $(OBJ)
	@echo "LD $@"
	@$(CC) $(CFLAGS) -rdynamic -o $@ $^ $(LUA_A) -lm -ldl
# The same runtime as a Lua module, for busted specs under lua5.4. It is
# never unloaded (nodelete): the state's allocator and the budget's timer
# are in it, and lua_close unloads C modules before it frees the rest.
build/lua/wargrid.so: $(PIC)
	@mkdir -p $(@D)
	@echo "LD $@"
	@$(CC) $(CFLAGS) -shared -Wl,-z,nodelete -o $@ $^

build/tests/%: tests/c/%.c $(OBJ) tests/c/check.h
	@mkdir -p $(@D)
	@echo "CC $<"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -Iruntime -o $@ $< $(filter-out build/obj/%_lua.o,$(OBJ)) -lm

C_TESTS = $(patsubst tests/c/%.c,build/tests/%,$(wildcard tests/c/test_*.c))

play: all
	build/wargrid play $(GAME) --ai 2

test: deps-test all $(C_TESTS)
	@tests/run

# luacheck, configured by .luacheckrc, on every Lua file git knows
lint: deps-test
	@luacheck --codes -q --no-color $$(git ls-files '*.lua' 2>/dev/null || \
	  find . -name '*.lua' -not -path './build/*')

bench: deps-test all
	@bench/run

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR)
	install -m 755 build/wargrid $(DESTDIR)$(PREFIX)/bin/wargrid
	cp -R stdlib scripts examples $(DESTDIR)$(DATADIR)/

clean:
	rm -rf build
