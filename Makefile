# meals — build, run and test. `make run` and `make test` install what they need first.

SWIFT ?= swift
BUILD_DIR := .build
LIBS := libncursesw5-dev libsqlite3-dev libcurl4-openssl-dev libchafa-dev libjpeg62-turbo-dev libpng-dev libglib2.0-dev libarchive-dev libwebp-dev libmicrohttpd-dev libqrencode-dev
# chromium and its driver: a real browser at a phone's size for `meals serve`'s pages;
# syncthing: two real instances on loopback that `meals sync` is tested through; openssl and
# libnss3-tools (certutil): meals' certificate authority checked as a phone's browser trusts it;
# gettext (msgfmt): the catalogs the translation tests read, compiled as translators' tools do.
TOOLS := tmux python3 python3-venv groff-base git chromium chromium-driver syncthing openssl \
  libnss3-tools gettext
FORMAT := $(SWIFT) format lint --strict --configuration .swiftformat --recursive Sources Tests Package.swift
# SwiftPM leaves TemporaryDirectory.* folders wherever TMPDIR points: keep them in .build.
SWIFTPM_TMP := $(CURDIR)/$(BUILD_DIR)/tmp
SWIFTPM := TMPDIR=$(SWIFTPM_TMP) $(SWIFT)
# The app's own targets (what the meals binary links).
APP_SOURCES := $(addprefix Sources/,meals MealsApp MealsCLI MealsCore MealsNet MealsStore TerminalUI TextSafety)
TEST_BUNDLE := $(BUILD_DIR)/debug/mealsPackageTests.xctest
# Release builds carry Swift's runtime and Foundation's essentials inside: they run without the toolchain,
# and start in half the time (no 14 shared libraries to load and relocate).
# No $ORIGIN run path: the binary loads its libraries from the system's folders only.
# Relative relocations packed (DT_RELR) where glibc reads them (2.36 on): 15 KB instead of 1.8 MB
# for the loader to read at every start, ~0.5 ms sooner to the first frame.
RELR := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | \
  awk '{ split($$2, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "-Xlinker -z -Xlinker pack-relative-relocs" }')
# Generic types' metadata made by accessor calls, not from mangled names: the runtime no longer
# demangles them at first use and looks up each Hashable conformance in every conformance of
# Foundation (~140k instructions a lookup): 1.5M fewer instructions before the first frame.
NO_MANGLED_METADATA := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# Generic metadata made when first used, not registered at start: the runtime's first use of a
# generic type (the environment's dictionary, before anything is drawn) no longer walks every
# prespecialisation of it in the binary. And no symbols exported (Resources/exports.map).
LEAN_START := -Xswiftc -Xfrontend -Xswiftc -disable-generic-metadata-prespecialization \
  -Xlinker --version-script=$(CURDIR)/Resources/exports.map
# C++'s runtime (Swift's runtime is written in C++) linked in, not loaded: libstdc++.so's
# symbols were looked up and relocated at every start (~0.4 ms and 40 page faults of a Swift
# program's 240). The `-lstdc++` of Swift's static link finds a linker script naming the
# archive (libstdc++-dev's, which the toolchain needs); without it the shared one is used.
STATIC_CXX_DIR := $(CURDIR)/$(BUILD_DIR)/static-cxx
STATIC_CXX := $(shell archive=$$(cc -print-file-name=libstdc++.a 2>/dev/null); \
  if [ -f "$$archive" ]; then mkdir -p $(STATIC_CXX_DIR) && \
  printf 'INPUT(%s)\n' "$$archive" >$(STATIC_CXX_DIR)/libstdc++.so && \
  echo "-Xlinker -L$(STATIC_CXX_DIR)"; fi)
RELEASE := -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld $(RELR) \
  $(NO_MANGLED_METADATA) $(LEAN_START) $(STATIC_CXX)
# make install: PREFIX and DESTDIR as usual; BINARY may name an already built meals (tests).
PREFIX ?= /usr/local
DESTDIR ?=
BINARY ?=
# zsh's folder for completions installed by hand; Debian's package uses vendor-completions.
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
INSTALLED := $(PREFIX)/bin/meals \
  $(PREFIX)/share/man/man1/meals.1 \
  $(PREFIX)/share/bash-completion/completions/meals \
  $(ZSH_COMPLETIONS)/_meals \
  $(PREFIX)/share/fish/vendor_completions.d/meals.fish
LSAN := LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt
# The translations: Resources/po/LANG.po compiled by gettext's msgfmt into
# .build/share/locale/LANG/LC_MESSAGES/meals.mo, where a build's meals looks (two folders up
# from .build/x86_64-unknown-linux-gnu/release/meals), and installed under share/locale.
LANGUAGES := $(patsubst Resources/po/%.po,%,$(wildcard Resources/po/*.po))
CATALOGS := $(foreach language,$(LANGUAGES),$(BUILD_DIR)/share/locale/$(language)/LC_MESSAGES/meals.mo)
INSTALLED += $(foreach language,$(LANGUAGES),$(PREFIX)/share/locale/$(language)/LC_MESSAGES/meals.mo)

# Installs the missing Debian packages among $(1) (apt-get as root; otherwise prints the command).
define install_packages
	@missing=""; \
	for pkg in $(1); do \
	  case $$pkg in \
	    tmux|python3|git) command -v $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg" ;; \
	    *) dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$pkg" ;; \
	  esac; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "Missing packages. Run:  sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
endef

GRAPHICS_TOOLS := xvfb xterm kitty imagemagick xdotool fonts-dejavu-core

.PHONY: locales pot cook-venv deb test-package keys-doc test-graphics run test test-asan asan-build asan-tests soak fuzz deps test-deps build lint format bench demo clean install uninstall

## install: the release binary, the translations, the man page and the bash, zsh and fish completions under
## $(DESTDIR)$(PREFIX) (PREFIX=/usr/local by default)
install:
	@if [ -z "$(BINARY)" ]; then $(MAKE) --no-print-directory deps && mkdir -p $(SWIFTPM_TMP) && \
	  $(SWIFTPM) build $(RELEASE) --product meals; fi
	install -D -m 755 $(or $(BINARY),$(BUILD_DIR)/release/meals) $(DESTDIR)$(PREFIX)/bin/meals
	@$(MAKE) --no-print-directory locales
	@for language in $(LANGUAGES); do \
	  install -D -m 644 $(BUILD_DIR)/share/locale/$$language/LC_MESSAGES/meals.mo \
	    $(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/meals.mo; done
	install -D -m 644 docs/meals.1 $(DESTDIR)$(PREFIX)/share/man/man1/meals.1
	install -D -m 644 Resources/completions/meals.bash \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/meals
	install -D -m 644 Resources/completions/_meals $(DESTDIR)$(ZSH_COMPLETIONS)/_meals
	install -D -m 644 Resources/completions/meals.fish \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/meals.fish

## deb: the Debian package, .build/deb/meals_VERSION_ARCH.deb (the release binary with Swift's
## runtime inside, stripped; man page, completions, copyright, changelog; Depends computed).
## ncurses stays Debian's shared library there, so its security updates reach meals.
deb: deps
	$(call install_packages,dpkg-dev binutils)
	@mkdir -p $(SWIFTPM_TMP)
	MEALS_SHARED_NCURSES=1 $(SWIFTPM) build $(RELEASE) --product meals
	Resources/debian/build-deb.sh $(BUILD_DIR)/release/meals $(BUILD_DIR)/deb

## test-package: builds the package, unpacks it and checks its files, its libraries (nothing of
## the toolchain), `meals --version` and `meals list` with an empty environment, and lintian
test-package: deb
	$(call install_packages,lintian)
	Tests/Package/test-package.sh $(BUILD_DIR)/deb

## uninstall: removes exactly the files install put there
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

## run: build in release mode and start meals (pass flags with ARGS="--db /tmp/x.sqlite")
run: deps locales
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build $(RELEASE) --product meals
	$(BUILD_DIR)/release/meals $(ARGS)

## test: lint, build with zero warnings, every unit, screen and end-to-end test (checking they
## leave nothing in /tmp), and beside them the unit and screen tests again under AddressSanitizer
test: test-deps lint cook-venv locales
	@# Every message marked for translation is in the translators' template, and every
	@# catalog translates all of it (its placeholders kept).
	python3 Resources/po/extract.py --check Resources/po/meals.pot
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build --build-tests 2>&1 | tee $(BUILD_DIR)/build.log
	@if grep -E 'warning:' $(BUILD_DIR)/build.log; then echo "Build has warnings (see above)."; exit 1; fi
	@# The sanitizer's build and then its pass run beside the main pass, niced: the main pass
	@# is mostly one process waiting on children, tmux and servers (one core of two), and its
	@# end-to-end tests keep the processor when both want it. One after the other they took 22
	@# of CI's 33 minutes. The sanitizer's side writes to its log, shown whole when it ends.
	@# The main pass's tests get a temporary folder of their own (short: tmux sockets live in
	@# it), which must be empty afterwards; other programs' files in /tmp cannot fail the run.
	@echo "The tests under AddressSanitizer are built and run beside the main pass ($(BUILD_DIR)/asan-test.log)."
	@tmp=$$(mktemp -d /tmp/meals-tests.XXXXXX) || exit 1; \
	  { nice -n 10 $(MAKE) --no-print-directory asan-build asan-tests >$(BUILD_DIR)/asan-test.log 2>&1; \
	    echo $$? >$(BUILD_DIR)/asan-test.status; } & \
	  TMPDIR=$$tmp $(TEST_BUNDLE); status=$$?; \
	  left=$$(ls -A $$tmp); rm -rf $$tmp; wait; \
	  echo "── The unit and screen tests under AddressSanitizer ──"; cat $(BUILD_DIR)/asan-test.log; \
	  asan=$$(cat $(BUILD_DIR)/asan-test.status); \
	  if [ $$status -ne 0 ]; then echo "The main pass failed."; exit $$status; fi; \
	  if [ -n "$$left" ]; then echo "The tests left these in their TMPDIR:"; echo "$$left"; exit 1; fi; \
	  echo "The tests left nothing in their TMPDIR."; \
	  if [ "$$asan" != 0 ]; then echo "The AddressSanitizer side failed (above)."; exit 1; fi

## pot: the translators' template, Resources/po/meals.pot, from the messages Sources mark
## (tr, trc, trn), and every catalog brought up to it (msgmerge); `make test` fails while a
## marked message is missing from the template or untranslated in a catalog
pot:
	python3 Resources/po/extract.py Resources/po/meals.pot
	@for po in Resources/po/*.po; do [ -f "$$po" ] || continue; \
	  msgmerge --quiet --update --backup=none --no-fuzzy-matching "$$po" Resources/po/meals.pot; done

## locales: the catalogs compiled (msgfmt --check: a broken one stops the build)
locales: $(CATALOGS)

$(BUILD_DIR)/share/locale/%/LC_MESSAGES/meals.mo: Resources/po/%.po
	@command -v msgfmt >/dev/null || $(MAKE) --no-print-directory deps
	@mkdir -p $(dir $@)
	msgfmt --check --output-file=$@ $<

## soak: the random three-machine sync run (git, and Syncthing-style folder copies, syncs killed
## at random moments) on many seeds: MEALS_SOAK_SEEDS (default 1-200), MEALS_SOAK_STEPS
## (default 300); minutes, not in CI; a failure names its seed (MEALS_SOAK_TRACE=1 replays it
## step by step, MEALS_SOAK_KEEP=1 keeps its books and folders, MEALS_SOAK_WATCH=FILE logs
## every book and folder copy after each step)
soak: test-deps
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build --build-tests
	MEALS_SOAK_SEEDS=$${MEALS_SOAK_SEEDS:-1-200} MEALS_SOAK_STEPS=$${MEALS_SOAK_STEPS:-300} \
	  $(TEST_BUNDLE) -XCTest EndToEndTests.ThreeMachineSyncTests

## test-asan: the unit and screen tests under AddressSanitizer and LeakSanitizer (the fault
## sweep at every 8th call of each sweep: whole, it takes eight minutes under the sanitizer;
## the main pass runs it whole); `make test` runs them beside its main pass
test-asan: test-deps asan-build asan-tests

asan-tests:
	$(ASAN_TESTS)

# The end-to-end tests and the migrations killed by SIGKILL (each a child process killed
# mid-write: nothing for AddressSanitizer to see, at 2.5× the time) run in the main pass.
ASAN_TESTS = $(LSAN) MEALS_FAULT_SWEEP_EVERY=8 $(SWIFTPM) test --skip-build --disable-swift-testing \
  --sanitize=address --scratch-path $(BUILD_DIR)/asan --skip EndToEndTests --skip MigrationCrashTests

asan-build:
	@mkdir -p $(SWIFTPM_TMP)
	@echo "Building the tests with AddressSanitizer…"
	@$(SWIFTPM) build --build-tests --sanitize=address --scratch-path $(BUILD_DIR)/asan \
	  > $(BUILD_DIR)/asan-build.log 2>&1 || { cat $(BUILD_DIR)/asan-build.log; exit 1; }

## test-graphics: real graphics terminals under Xvfb (xterm as a VT340: sixel; kitty) show
## Meal Detail's picture where its cells are, in the photo's shape for their real cell size,
## and nothing of it after leaving (not in `make test`: the X packages would double CI's
## install time)
test-graphics:
	$(call install_packages,$(LIBS) $(TOOLS) $(GRAPHICS_TOOLS))
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build --product meals
	Tests/Graphics/picture-in-terminal.sh xterm
	Tests/Graphics/picture-in-terminal.sh kitty

## fuzz: libFuzzer on the decoder, the sanitiser, the key reader, the HTML reader, recipe pages,
## the schema.org, Cooklang and Markdown readers, the quantity parser, the config file and the
## kitchen server's routes, bodies and pages (FUZZ_SECONDS each,
## default 60; FUZZ_JOBS at a time, default 1; FUZZ_TARGETS to choose)
fuzz: deps
	Tests/Fuzz/run.sh

# git for `meals sync` in a folder that is a git work tree.
deps:
	$(call install_packages,$(LIBS) git gettext)

# The official Cooklang parser, for the tests that compare meals' Cooklang with it (cooklang-rs
# through PyPI's cooklang-bindings), Selenium, which drives chromium through `meals serve`'s
# pages, and axe-core (axe-selenium-python) that checks them, in a virtual environment of the
# tests' own.
COOK_VENV := $(BUILD_DIR)/venv
cook-venv:
	@$(COOK_VENV)/bin/python -c 'import cooklang, selenium, axe_selenium_python' 2>/dev/null || { \
	  rm -rf $(COOK_VENV) && python3 -m venv $(COOK_VENV) && \
	  $(COOK_VENV)/bin/pip install --quiet --disable-pip-version-check cooklang-bindings==0.6.0 \
	    selenium==4.38.0 axe-selenium-python==2.1.6; }

test-deps:
	$(call install_packages,$(LIBS) $(TOOLS))

build: deps
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build

lint:
	$(FORMAT)
	@# All of Foundation (CoreFoundation and ICU) costs ~1.2 ms at every start: the app's
	@# targets import FoundationEssentials only (docs/architecture.md).
	@if grep -rlE '^[[:space:]]*(@_exported )?import Foundation$$' $(APP_SOURCES); then \
	  echo "lint: the files above import all of Foundation; use FoundationEssentials" >&2; \
	  exit 1; fi

format:
	$(SWIFT) format format --in-place --configuration .swiftformat --recursive Sources Tests Package.swift

## keys-doc: writes docs/keys.md's tables from the key tables the screens use (a test in
## `make test` fails while they differ)
keys-doc: deps
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build --build-tests
	MEALS_WRITE_KEYS_DOC=1 $(TEST_BUNDLE) -XCTest MealsAppTests.KeysReferenceTests/testKeysDocumentHoldsTheTablesTheScreensUse

## bench: the benchmark (release build); prints one line of figures per case
bench: deps
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build $(RELEASE) --product meals-bench
	$(SWIFTPM) build $(RELEASE) --product meals
	$(SWIFTPM) build $(RELEASE) --product meals-floor
	$(SWIFTPM) build $(RELEASE) --product meals-floor-swift
	$(BUILD_DIR)/release/meals-bench $(ARGS)

## demo: meals against a local fixture server with the project's sample catalogue (its
## pictures are kept in .build/demo/cache, never with the real ones)
demo: test-deps
	@mkdir -p $(SWIFTPM_TMP)
	$(SWIFTPM) build $(RELEASE) --product meals
	@mkdir -p $(BUILD_DIR)/demo
	@rm -f $(BUILD_DIR)/demo/port
	@python3 Tests/FixtureServer/mealdb_fixture_server.py < /dev/null > $(BUILD_DIR)/demo/port & \
	  server=$$!; trap 'kill $$server 2>/dev/null' EXIT INT TERM; \
	  for i in $$(seq 50); do [ -s $(BUILD_DIR)/demo/port ] && break; sleep 0.1; done; \
	  port=$$(head -1 $(BUILD_DIR)/demo/port); \
	  XDG_CACHE_HOME=$(CURDIR)/$(BUILD_DIR)/demo/cache \
	  $(BUILD_DIR)/release/meals --db $(BUILD_DIR)/demo/demo.sqlite \
	    --api-url http://127.0.0.1:$$port/api/json/v1/1/ $(ARGS)

clean:
	rm -rf $(BUILD_DIR)
