# bash completion for meals: commands, flags, formats, files, and meal names (from `meals list`).
# Installed by `make install` in share/bash-completion/completions/meals.

_meals() {
  local cur prev command="" i
  local -a db=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in
      --db) db=(--db "${COMP_WORDS[i+1]}"); ((i++)) ;;
      --config) ((i++)) ;;
      --api-url | --images | --restore-backup | --filter | --format | --output | --week | --from | --days | --slot | --servings | --port | --missing | --date | --note | --rating | --slots | --seed | --show | --restore) ((i++)) ;;
      list | show | search | export | import | plan | pantry | can-cook | cooked | log | history | sync | serve | config) [[ -z $command ]] && command="${COMP_WORDS[i]}" ;;
    esac
  done

  case "$prev" in
    --db | --output | --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --images) COMPREPLY=($(compgen -W "auto kitty sixel iterm truecolor symbols off" -- "$cur")); return ;;
    --api-url | --filter | --week | --days | --servings | --port | --note | --seed | --show | --restore) COMPREPLY=(); return ;;
    --slots) COMPREPLY=($(compgen -W "breakfast lunch dinner other" -- "$cur")); return ;;
    --rating) COMPREPLY=($(compgen -W "1 2 3 4 5" -- "$cur")); return ;;
    --date) COMPREPLY=($(compgen -W "today yesterday monday tuesday wednesday thursday friday saturday sunday" -- "$cur")); return ;;
    --missing) COMPREPLY=($(compgen -W "0 1 2 3 all" -- "$cur")); return ;;
    --from) COMPREPLY=($(compgen -W "today tomorrow monday tuesday wednesday thursday friday saturday sunday" -- "$cur")); return ;;
    --slot) COMPREPLY=($(compgen -W "breakfast lunch dinner other" -- "$cur")); return ;;
    --format)
      if [[ $command == plan ]]; then COMPREPLY=($(compgen -W "ical" -- "$cur")); else
        COMPREPLY=($(compgen -W "json markdown schema-org cooklang" -- "$cur")); fi
      return ;;
    --restore-backup) COMPREPLY=($(compgen -W "1 2 3" -- "$cur")); return ;;
    --units) COMPREPLY=($(compgen -W "as-written metric us" -- "$cur")); return ;;
  esac

  local flags=""
  case "$command" in
    "") flags="--db --api-url --no-mouse --no-animation --images --config --read-only --restore-backup --help --version" ;;
    config) flags="--check" ;;
    list) flags="--json --filter --favourites --help" ;;
    show) flags="--json --markdown --units --help" ;;
    search) flags="--json --help" ;;
    export) flags="--format --output --units --help" ;;
    import) flags="--help" ;;
    plan) flags="--week --from --days --json --slot --servings --format --output --slots --seed --save --help" ;;
    pantry) flags="--json --help" ;;
    can-cook) flags="--missing --json --help" ;;
    cooked) flags="--date --servings --note --rating --help" ;;
    log) flags="--json --help" ;;
    history) flags="--show --restore --help" ;;
    sync) flags="--help" ;;
    serve) flags="--port --lan --new-token --new-certificate --help" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
    return
  fi
  case "$command" in
    "") COMPREPLY=($(compgen -W "list show search export import plan pantry can-cook cooked log history sync serve config" -- "$cur")) ;;
    plan) COMPREPLY=($(compgen -W "list add remove export shop suggest" -- "$cur")) ;;
    pantry) COMPREPLY=($(compgen -W "list add remove" -- "$cur")) ;;
    show | export | cooked | log | history)
      # Meal names, one per line, quoted for the command line.
      local IFS=$'\n' name
      local -a names=()
      while IFS= read -r name; do
        [[ $name == "$cur"* ]] && names+=("$(printf '%q' "$name")")
      done < <(command meals "${db[@]}" list 2>/dev/null | cut -f2)
      COMPREPLY=("${names[@]}")
      ;;
    import) COMPREPLY=($(compgen -f -- "$cur")) ;;
    sync) COMPREPLY=($(compgen -d -- "$cur")) ;;
    *) COMPREPLY=() ;;
  esac
}

complete -o filenames -F _meals meals
