# wargrid -- make play | make test | make bench | make install (PREFIX, DESTDIR)
#            make fuzz (FUZZ_SECONDS) | make test-sanitize
PREFIX ?= /usr/local
DATADIR = $(PREFIX)/share/wargrid
GAME ?= wehrschach
CC ?= gcc
LUA_INC ?= /usr/include/lua5.4
LUA_A ?= $(firstword $(wildcard /usr/lib/*/liblua5.4.a) /usr/lib/x86_64-linux-gnu/liblua5.4.a)
CFLAGS ?= -O2 -g
# where objects and binaries go (make test-sanitize: build/san)
BUILD ?= build
WARN = -std=c11 -Wall -Wextra -Werror
CPPFLAGS += -I$(LUA_INC) -D_POSIX_C_SOURCE=200809L -DWARGRID_DATADIR='"$(DATADIR)"'

# Every runtime/X.c is part of the runtime; X_lua.c files are Lua bindings.
SRC = $(filter-out main,$(basename $(notdir $(wildcard runtime/*.c))))
BIND = $(filter %_lua,$(SRC))
CORE = $(filter-out %_lua,$(SRC))
OBJ = $(addprefix $(BUILD)/obj/,$(addsuffix .o,$(CORE) $(BIND)))
PIC = $(addprefix $(BUILD)/pic/,$(addsuffix .o,$(CORE) $(BIND)))
HDR = $(wildcard runtime/*.h)

.PHONY: all deps deps-test deps-fuzz deps-sanitize play test bench install \
        clean fuzz test-sanitize binaries
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
	@$(CC) $(CFLAGS) -rdynamic -o $@ $^ $(LUA_A) -lm -ldl
# The same runtime as a Lua module, for busted specs under lua5.4.
$(BUILD)/lua/wargrid.so: $(PIC)
	@mkdir -p $(@D)
	@echo "LD $@"
	@$(CC) $(CFLAGS) -shared -o $@ $^

$(BUILD)/tests/%: tests/c/%.c $(OBJ) tests/c/check.h
	@mkdir -p $(@D)
	@echo "CC $<"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -Iruntime -o $@ $< $(filter-out %_lua.o,$(OBJ)) -lm

# Fuzz targets (tests/fuzz/targets/NAME.lua). make test replays each one's
# seeds and corpus with a host built without the fuzzer: test_fuzz_NAME.
FUZZ_TARGETS = $(basename $(notdir $(wildcard tests/fuzz/targets/*.lua)))
FUZZ_HOST = tests/fuzz/host.c tests/fuzz/host.h
$(BUILD)/tests/test_fuzz_%: tests/fuzz/replay.c $(FUZZ_HOST) $(OBJ)
	@mkdir -p $(@D)
	@echo "CC $@"
	@$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS) -Iruntime -DFUZZ_TARGET='"$*"' \
	    -rdynamic -o $@ tests/fuzz/replay.c tests/fuzz/host.c $(OBJ) \
	    $(LUA_A) -lm -ldl

C_TESTS = $(patsubst tests/c/%.c,$(BUILD)/tests/%,$(wildcard tests/c/test_*.c)) \
          $(addprefix $(BUILD)/tests/test_fuzz_,$(FUZZ_TARGETS))
binaries: $(BUILD)/wargrid $(BUILD)/lua/wargrid.so $(C_TESTS)

play: all
	$(BUILD)/wargrid play $(GAME) --ai 2

test: deps-test all $(C_TESTS)
	@tests/run

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
	    -lm -ldl
fuzz: deps-fuzz $(addprefix build/fuzz/,$(FUZZ_TARGETS))
	@tests/fuzz/run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

bench: deps-test all
	@bench/run

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR)
	install -m 755 build/wargrid $(DESTDIR)$(PREFIX)/bin/wargrid
	cp -R stdlib scripts examples $(DESTDIR)$(DATADIR)/

clean:
	rm -rf build
