#!/bin/sh
# Real graphics terminals under Xvfb show Meal Detail's picture where the cells were left for
# it, in the photo's own shape for the terminal's real cell size, and nothing of it once the
# screen is left: `xterm` (a VT340: sixel, found by meals itself from the terminal's device
# attributes with `--images auto`; MEALS_TEST_IMAGES=sixel to skip the question) or `kitty`
# (kitty's protocol, chosen from TERM). `make test-graphics` runs both.
#   Tests/Graphics/picture-in-terminal.sh xterm|kitty
set -eu
terminal=${1:-xterm}
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
if [ "$terminal" = kitty ]; then
  # Mesa's software OpenGL; 100 × 34 cells, no padding.
  DISPLAY="$display" LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_family='DejaVu Sans Mono' \
    -o font_size=10 -o remember_window_size=no -o initial_window_width=100c \
    -o initial_window_height=34c -o window_padding_width=0 "$work/run.sh" > /dev/null 2>&1 &
  border=0
else
  DISPLAY="$display" xterm -ti vt340 -xrm 'XTerm*decTerminalID: vt340' \
    -xrm 'XTerm*numColorRegisters: 256' -xrm 'XTerm*allowSendEvents: true' \
    -fa 'DejaVu Sans Mono' -fs 11 -geometry 100x34+0+0 -e "$work/run.sh" &
  border=2  # xterm's internal border
fi
xterm_pid=$!
sleep 4
window=$(DISPLAY="$display" xdotool search --class "$terminal" | head -n 1)
press() {
  if [ "$terminal" = kitty ]; then
    DISPLAY="$display" xdotool key "$1" 2> /dev/null  # kitty ignores keys sent to a window
  else
    DISPLAY="$display" xdotool key --window "$window" "$1" 2> /dev/null
  fi
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

python3 - "$work" "$border" "$terminal" <<'PY'
import sys
work, border, terminal = sys.argv[1], int(sys.argv[2]), sys.argv[3]
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
cw, ch = (w - 2 * border) // 100, (h - 2 * border) // 34   # 100 columns, 34 rows
# 100 columns: a pager 96 wide puts the picture beside the text, at column 2 + 54 + 2 = 58,
# row 5, in at most 40 × 16 cells; the 64 × 48 photo keeps its 4:3 shape in the real cells
# (sixel: its height within whole sixels of 6 pixels).
scale = min(40 * cw / 64, 16 * ch / 48)
pw, ph = round(64 * scale), round(48 * scale)
ph_sixels = int(-(-ph // ch) * ch) // 6 * 6
if terminal == "xterm" and ph > ph_sixels:
    pw, ph = pw * ph_sixels // ph, ph_sixels
left, top = border + 58 * cw, border + 5 * ch
right, bottom = left + pw, top + ph   # the picture's own pixels
print(f"cells {cw:.1f} x {ch:.1f} px; the photo at {pw} x {ph} px")
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
# Its shape: the bounding box of its colours is 4:3, as the photo is (never stretched).
xs = [x for y in range(0, h, 2) for x in range(0, w, 2) if kind(data[(y * w + x) * 3:(y * w + x) * 3 + 3])]
ys = [y for y in range(0, h, 2) for x in range(0, w, 2) if kind(data[(y * w + x) * 3:(y * w + x) * 3 + 3])]
shape = (max(xs) - min(xs) + 2) / (max(ys) - min(ys) + 2)
print(f"shape on screen: {shape:.3f} (the photo: {4 / 3:.3f})")
assert abs(shape - 4 / 3) < 0.04, "the picture is stretched"
assert all(v / total_inside > 0.15 for v in inside.values()), "the picture is not where its cells are"
assert outside < 0.002 * (w * h / 4), "picture colours outside its cells"
w, h, data = load("list")
left_behind = sum(1 for i in range(0, len(data), 6) if kind(data[i:i + 3]))
print("after leaving:", left_behind, "picture pixels")
assert left_behind == 0, "the picture was left behind"
print(f"{terminal}: the picture is where it belongs, in its shape, and gone when the screen changes")
PY
