# meals — build, run and test. `make run` and `make test` install what they need first.

SWIFT ?= swift
BUILD_DIR := .build
LIBS := libncursesw5-dev libsqlite3-dev libcurl4-openssl-dev
TOOLS := tmux python3
FORMAT := $(SWIFT) format lint --strict --configuration .swiftformat --recursive Sources Tests Package.swift

# Installs the missing Debian packages among $(1) (apt-get as root; otherwise prints the command).
define install_packages
	@missing=""; \
	for pkg in $(1); do \
	  case $$pkg in \
	    tmux|python3) command -v $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg" ;; \
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

.PHONY: run test deps test-deps build lint format bench demo clean

## run: build in release mode and start meals (pass flags with ARGS="--db /tmp/x.sqlite")
run: deps
	$(SWIFT) build -c release --product meals
	$(BUILD_DIR)/release/meals $(ARGS)

## test: lint, build with zero warnings, then every unit, screen and end-to-end test
test: test-deps lint
	@mkdir -p $(BUILD_DIR)
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_DIR)/build.log
	@if grep -E 'warning:' $(BUILD_DIR)/build.log; then echo "Build has warnings (see above)."; exit 1; fi
	$(SWIFT) test --skip-build --disable-swift-testing

deps:
	$(call install_packages,$(LIBS))

test-deps:
	$(call install_packages,$(LIBS) $(TOOLS))

build: deps
	$(SWIFT) build

lint:
	$(FORMAT)

format:
	$(SWIFT) format format --in-place --configuration .swiftformat --recursive Sources Tests Package.swift

## bench: the benchmark (release build); prints one line of figures per case
bench: deps
	$(SWIFT) build -c release --product meals-bench
	$(BUILD_DIR)/release/meals-bench $(ARGS)

## demo: meals against a local fixture server with the project's sample catalogue
demo: test-deps
	$(SWIFT) build -c release --product meals
	@mkdir -p $(BUILD_DIR)/demo
	@rm -f $(BUILD_DIR)/demo/port
	@python3 Tests/FixtureServer/mealdb_fixture_server.py < /dev/null > $(BUILD_DIR)/demo/port & \
	  server=$$!; trap 'kill $$server 2>/dev/null' EXIT INT TERM; \
	  for i in $$(seq 50); do [ -s $(BUILD_DIR)/demo/port ] && break; sleep 0.1; done; \
	  port=$$(head -1 $(BUILD_DIR)/demo/port); \
	  $(BUILD_DIR)/release/meals --db $(BUILD_DIR)/demo/demo.sqlite \
	    --api-url http://127.0.0.1:$$port/api/json/v1/1/ $(ARGS)

clean:
	rm -rf $(BUILD_DIR)
