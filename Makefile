# wargrid -- make play | make test | make bench | make install (PREFIX, DESTDIR)
#            make fuzz (FUZZ_SECONDS) | make test-sanitize | make lint
#            make test-cluster
#
# make install lays wargrid out as Debian's Lua packages lay theirs out: the
# Lua modules under $(PREFIX)/share/lua/5.4, the C module under the lib
# directory Lua 5.4 searches ($(PREFIX)/lib/lua/5.4; for PREFIX=/usr,
# /usr/lib/<multiarch>/lua/5.4), the games and examples in
# $(PREFIX)/share/wargrid, the man page in $(PREFIX)/share/man/man1.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/wargrid
MANDIR ?= $(PREFIX)/share/man
LUA_LMOD ?= $(PREFIX)/share/lua/5.4
MULTIARCH := $(shell $(CC) -print-multiarch 2>/dev/null)
LUA_CMOD ?= $(if $(and $(filter /usr,$(PREFIX)),$(MULTIARCH)),$(PREFIX)/lib/$(MULTIARCH),$(PREFIX)/lib)/lua/5.4
GAME ?= wehrschach
CC ?= gcc
LUA_INC ?= /usr/include/lua5.4
LUA_A ?= $(firstword $(wildcard /usr/lib/*/liblua5.4.a) /usr/lib/x86_64-linux-gnu/liblua5.4.a)
CFLAGS ?= -O2 -g
# where objects and binaries go (make test-sanitize: build/san)
BUILD ?= build
WARN = -std=c11 -Wall -Wextra -Werror
CPPFLAGS += -I$(LUA_INC) -D_POSIX_C_SOURCE=200809L
# the browser board's HTTP server (runtime/http.c)
LIBS = -lmicrohttpd

# Every runtime/X.c is part of the runtime; X_lua.c files are Lua bindings.
SRC = $(filter-out main,$(basename $(notdir $(wildcard runtime/*.c))))
BIND = $(filter %_lua,$(SRC))
CORE = $(filter-out %_lua,$(SRC))
OBJ = $(addprefix $(BUILD)/obj/,$(addsuffix .o,$(CORE) $(BIND)))
PIC = $(addprefix $(BUILD)/pic/,$(addsuffix .o,$(CORE) $(BIND)))
HDR = $(wildcard runtime/*.h)

.PHONY: all deps deps-test deps-fuzz deps-sanitize play test bench lint \
        install clean fuzz test-sanitize binaries test-cluster
all: deps $(BUILD)/wargrid $(BUILD)/lua/wargrid.so

deps:
	@tools/install-deps build
deps-test:
	@tools/install-deps test
deps-fuzz:
	@tools/install-deps fuzz
deps-sanitize:
	@tools/install-deps sanitize

$(BUILD)/obj/%.o: runtime/%.c $(HDR)
	@mkdir -p $(@D)
	@echo "CC $<"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -c $< -o $@
$(BUILD)/pic/%.o: runtime/%.c $(HDR)
	@mkdir -p $(@D)
	@echo "CC $< (module)"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -fPIC -c $< -o $@

# The executable links Lua statically and exports its API for C modules (lfs).
$(BUILD)/wargrid: $(BUILD)/obj/main.o $(OBJ)
	@echo "LD $@"
	@$(CC) $(CFLAGS) -rdynamic -o $@ $^ $(LUA_A) -lm -ldl $(LIBS)
# The same runtime as a Lua module, for busted specs under lua5.4. It is
# never unloaded (nodelete): the state's allocator and the budget's timer
# are in it, and lua_close unloads C modules before it frees the rest.
$(BUILD)/lua/wargrid.so: $(PIC)
	@mkdir -p $(@D)
	@echo "LD $@"
	@$(CC) $(CFLAGS) -shared -Wl,-z,nodelete -o $@ $^ $(LIBS)

$(BUILD)/tests/%: tests/c/%.c $(OBJ) tests/c/check.h
	@mkdir -p $(@D)
	@echo "CC $<"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -Iruntime -o $@ $< $(filter-out %_lua.o,$(OBJ)) -lm $(LIBS)

# Fuzz targets (tests/fuzz/targets/NAME.lua). make test replays each one's
# seeds and corpus with a host built without the fuzzer: test_fuzz_NAME.
FUZZ_TARGETS = $(basename $(notdir $(wildcard tests/fuzz/targets/*.lua)))
FUZZ_HOST = tests/fuzz/host.c tests/fuzz/host.h
$(BUILD)/tests/test_fuzz_%: tests/fuzz/replay.c $(FUZZ_HOST) $(OBJ)
	@mkdir -p $(@D)
	@echo "CC $@"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -Iruntime -DFUZZ_TARGET='"$*"' \
	    -rdynamic -o $@ tests/fuzz/replay.c tests/fuzz/host.c $(OBJ) \
	    $(LUA_A) -lm -ldl $(LIBS)

C_TESTS = $(patsubst tests/c/%.c,$(BUILD)/tests/%,$(wildcard tests/c/test_*.c)) \
          $(addprefix $(BUILD)/tests/test_fuzz_,$(FUZZ_TARGETS))
binaries: $(BUILD)/wargrid $(BUILD)/lua/wargrid.so $(C_TESTS)

# make play [GAME=...] [LEVEL=1..5] [SIDE=...]: LEVEL is the AI's strength,
# SIDE the side you play (default the game's first); the AI plays the other.
play: all
	build/wargrid play $(GAME)$(if $(LEVEL), --ai-level $(LEVEL))$(if $(SIDE), --side $(SIDE))

test: deps-test all $(C_TESTS)
	@tests/run

# make test-cluster: the operator's guide's Slurm recipe on a one-node cluster that
# tests/cluster/slurm starts and stops (root, a few minutes; not in make test)
test-cluster: all
	@tests/cluster/slurm

# make test-sanitize: the runtime, the executable, the Lua module and the C
# tests built with ASan and UBSan in build/san, and tests/sanitize.
SAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
            -fno-sanitize-recover=all
test-sanitize: deps-sanitize all
	@$(MAKE) --no-print-directory BUILD=build/san CFLAGS="$(SAN_FLAGS)" \
	    binaries
	@tests/sanitize

# make fuzz: each target under libFuzzer for FUZZ_SECONDS; what it finds
# goes to tests/fuzz/corpus/TARGET/, which make test replays.
FUZZ_SECONDS ?= 60
FUZZ_CC = clang
FUZZ_FLAGS = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJ = $(addprefix build/fuzz/obj/,$(addsuffix .o,$(CORE) $(BIND)))
.SECONDARY: $(FUZZ_OBJ)
build/fuzz/obj/%.o: runtime/%.c $(HDR)
	@mkdir -p $(@D)
	@echo "CC $< (fuzz)"
	@$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	    $(CPPFLAGS) -c $< -o $@
build/fuzz/%: tests/fuzz/libfuzzer.c $(FUZZ_HOST) $(FUZZ_OBJ)
	@echo "LD $@"
	@$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer $(CPPFLAGS) \
	    -Iruntime -DFUZZ_TARGET='"$*"' -DFUZZ_COVERAGE -rdynamic -o $@ \
	    tests/fuzz/libfuzzer.c tests/fuzz/host.c $(FUZZ_OBJ) $(LUA_A) \
	    -lm -ldl $(LIBS)
fuzz: deps-fuzz $(addprefix build/fuzz/,$(FUZZ_TARGETS))
	@tests/fuzz/run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# luacheck, configured by .luacheckrc, on every Lua file git knows
lint: deps-test
	@luacheck --codes -q --no-color $$(git ls-files '*.lua' 2>/dev/null || \
	  find . -name '*.lua' -not -path './build/*')

bench: deps-test all
	@bench/run

# The installed stdlib finds the rest through wargrid/site.lua (see
# stdlib/wargrid/loader.lua); the executable finds the stdlib beside its bin/.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LUA_LMOD)/wargrid/cli \
	  $(DESTDIR)$(LUA_CMOD)/wargrid $(DESTDIR)$(DATADIR) \
	  $(DESTDIR)$(MANDIR)/man1
	install -m 755 build/wargrid $(DESTDIR)$(BINDIR)/wargrid
	install -m 644 stdlib/wargrid/*.lua $(DESTDIR)$(LUA_LMOD)/wargrid/
	install -m 644 stdlib/wargrid/cli/*.lua $(DESTDIR)$(LUA_LMOD)/wargrid/cli/
	install -m 644 build/lua/wargrid.so $(DESTDIR)$(LUA_CMOD)/wargrid/core.so
	ln -sf core.so $(DESTDIR)$(LUA_CMOD)/wargrid/host.so
	rm -rf $(DESTDIR)$(DATADIR)/games $(DESTDIR)$(DATADIR)/examples
	cp -R scripts/games $(DESTDIR)$(DATADIR)/games
	cp -R examples $(DESTDIR)$(DATADIR)/examples
	install -m 644 doc/wargrid.1 $(DESTDIR)$(MANDIR)/man1/wargrid.1
	printf '%s\n' '-- written by make install: where the rest of wargrid is' \
	  'return { games = "$(DATADIR)/games",' \
	  '         cpath = "$(LUA_CMOD)/?.so",' \
	  '         bin = "$(BINDIR)/wargrid" }' \
	  > $(DESTDIR)$(LUA_LMOD)/wargrid/site.lua

clean:
	rm -rf build
