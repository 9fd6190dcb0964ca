#!/bin/sh
# A real sixel terminal: xterm in VT340 mode under Xvfb shows Meal Detail's picture where the
# cells were left for it, and nothing of it once the screen is left. With `--images auto` (the
# default here; MEALS_TEST_IMAGES=sixel to skip the question) meals finds out by itself, from
# the terminal's device attributes, that xterm speaks sixel. `make test-graphics`.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/meals-graphics.XXXXXX")
display=":$((90 + $$ % 9))"
cleanup() {
  [ -n "${xterm_pid:-}" ] && kill "$xterm_pid" 2>/dev/null || true
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

python3 "$root/Tests/FixtureServer/mealdb_fixture_server.py" > "$work/port" &
server_pid=$!
while [ ! -s "$work/port" ]; do sleep 0.1; done
port=$(head -n 1 "$work/port")

Xvfb "$display" -screen 0 1100x800x24 > /dev/null 2>&1 &
xvfb_pid=$!
sleep 1
cat > "$work/run.sh" <<RUN
#!/bin/sh
MEALS_ANIMATION=0 XDG_CACHE_HOME="$work/cache" "$root/.build/debug/meals" --db "$work/meals.sqlite" \
  --images "${MEALS_TEST_IMAGES:-auto}" --api-url "http://127.0.0.1:$port/api/json/v1/1/"
sleep 60
RUN
chmod +x "$work/run.sh"
DISPLAY="$display" xterm -ti vt340 -xrm 'XTerm*decTerminalID: vt340' \
  -xrm 'XTerm*numColorRegisters: 256' -xrm 'XTerm*allowSendEvents: true' \
  -fa 'DejaVu Sans Mono' -fs 11 -geometry 100x34+0+0 -e "$work/run.sh" &
xterm_pid=$!
sleep 3
window=$(DISPLAY="$display" xdotool search --class xterm | head -n 1)
press() {
  DISPLAY="$display" xdotool key --window "$window" "$1" 2> /dev/null
  sleep 1
}
shot() {
  DISPLAY="$display" import -window "$window" "$work/$1.png"
  convert "$work/$1.png" -depth 8 "rgb:$work/$1.rgb"
  identify -format '%w %h' "$work/$1.png" > "$work/$1.size"
}
press r        # Browse areas
press Return   # American
press Return   # Hot Chocolate Fudge: Meal Detail with its picture
sleep 1
shot detail
press Escape   # back to the meal list (its preview shows the photo in symbols)
press Escape   # back to Areas, where no picture belongs
shot list

python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
def load(name):
    w, h = map(int, open(f"{work}/{name}.size").read().split())
    return w, h, open(f"{work}/{name}.rgb", "rb").read()
# The fixture's quadrants, as chafa's sixels show them (a few levels off is fine).
colours = {"red": (220, 30, 30), "green": (30, 170, 40), "blue": (30, 60, 220), "yellow": (240, 210, 20)}
def kind(p):
    for name, c in colours.items():
        if all(abs(a - b) < 40 for a, b in zip(p, c)):
            return name
    return None
w, h, data = load("detail")
cw, ch = w / 100, h / 34          # 100 columns, 34 rows
# 100 columns: a pager 96 wide puts the picture beside the text, at column 2 + 54 + 2 = 58.
left, top, right, bottom = 58 * cw, 5 * ch, 98 * cw, 20 * ch   # the picture's cells
inside = {k: 0 for k in colours}
outside = 0
total_inside = 0
for y in range(0, h, 2):
    for x in range(0, w, 2):
        i = (y * w + x) * 3
        k = kind(data[i:i + 3])
        if left <= x < right and top <= y < bottom:
            total_inside += 1
            if k: inside[k] += 1
        elif k:
            outside += 1
print("inside:", {k: round(v / total_inside, 3) for k, v in inside.items()}, "outside pixels:", outside)
assert all(v / total_inside > 0.15 for v in inside.values()), "the picture is not where its cells are"
assert outside < 0.002 * (w * h / 4), "picture colours outside its cells"
w, h, data = load("list")
left_behind = sum(1 for i in range(0, len(data), 6) if kind(data[i:i + 3]))
print("after leaving:", left_behind, "picture pixels")
assert left_behind == 0, "the picture was left behind"
print("sixel in xterm: the picture is where it belongs, and gone when the screen changes")
PY
