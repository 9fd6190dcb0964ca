# fish completion for meals: commands, flags, formats, files, and meal names (from `meals list`).
# Installed by `make install` in share/fish/vendor_completions.d/meals.fish.

set -l commands list show search export import plan pantry can-cook sync serve config

function __meals_names
    command meals list 2>/dev/null | cut -f2
end

complete -c meals -f
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l db -r -F -d 'the database file'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l api-url -x -d 'TheMealDB base URL'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l no-mouse -d 'no mouse reports'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l no-animation -d 'no slides, bars jump'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l images -x -a 'auto kitty sixel iterm truecolor symbols off' -d 'meal pictures'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l config -r -F -d 'the config file'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l read-only -d 'open the database for reading only'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l restore-backup -x -a '1 2 3' -d 'put a backup back'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -s h -l help -d 'show the usage'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -l version -d 'show the version'

complete -c meals -n "not __fish_seen_subcommand_from $commands" -a list -d 'list saved meals'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a show -d 'show one meal'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a search -d 'search TheMealDB'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a export -d 'export meals'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a import -d 'import meals, or another app\'s export'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a plan -d 'the week plan'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a pantry -d 'what is at home'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a can-cook -d 'the meals you can cook from it'
complete -c meals -n "__fish_seen_subcommand_from pantry; and not __fish_seen_subcommand_from list add remove" -a 'list add remove' -d 'pantry command'
complete -c meals -n "__fish_seen_subcommand_from pantry" -l json -d 'as JSON'
complete -c meals -n "__fish_seen_subcommand_from can-cook" -l missing -x -a '0 1 2 3 all' -d 'at most so many missing'
complete -c meals -n "__fish_seen_subcommand_from can-cook" -l json -d 'as JSON'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a sync -d 'keep the book in step with a folder'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a config -d 'the settings in effect'
complete -c meals -n "not __fish_seen_subcommand_from $commands" -a serve -d 'serve the book to a phone'
complete -c meals -n "__fish_seen_subcommand_from sync" -a '(__fish_complete_directories)' -d 'the sync folder'
complete -c meals -n "__fish_seen_subcommand_from serve" -l port -x -d 'the port (0: any free one)'
complete -c meals -n "__fish_seen_subcommand_from serve" -l lan -d 'every address, over HTTPS'
complete -c meals -n "__fish_seen_subcommand_from serve" -l new-token -d 'a new token: every phone pairs again'
complete -c meals -n "__fish_seen_subcommand_from config" -l check -d 'only the problems; exit 1 if any'

complete -c meals -n "__fish_seen_subcommand_from list" -l json -d 'a JSON array'
complete -c meals -n "__fish_seen_subcommand_from list" -l filter -x -d 'meals matching'
complete -c meals -n "__fish_seen_subcommand_from list" -l favourites -d 'only favourites'
complete -c meals -n "__fish_seen_subcommand_from show" -l json -d 'as JSON'
complete -c meals -n "__fish_seen_subcommand_from show" -l markdown -d 'as Markdown'
complete -c meals -n "__fish_seen_subcommand_from show" -l units -x -a 'as-written metric us' -d 'in these units'
complete -c meals -n "__fish_seen_subcommand_from export" -l units -x -a 'metric us' -d 'converted to these units'
complete -c meals -n "__fish_seen_subcommand_from show export" -a '(__meals_names)' -d 'meal'
complete -c meals -n "__fish_seen_subcommand_from search" -l json -d 'as JSON'
complete -c meals -n "__fish_seen_subcommand_from export" -l format -x -a 'json markdown schema-org cooklang' -d 'the format'
complete -c meals -n "__fish_seen_subcommand_from export" -l output -r -F -d 'a file, or a folder ending in /'
complete -c meals -n "__fish_seen_subcommand_from import" -F -d 'file, folder or export'
complete -c meals -n "__fish_seen_subcommand_from plan; and not __fish_seen_subcommand_from add remove export shop" -a 'add remove export shop' -d 'plan command'
complete -c meals -n "__fish_seen_subcommand_from plan" -l week -x -d 'an ISO week, YYYY-Www'
complete -c meals -n "__fish_seen_subcommand_from plan" -l from -x -a 'today tomorrow monday tuesday wednesday thursday friday saturday sunday' -d 'the first day'
complete -c meals -n "__fish_seen_subcommand_from plan" -l days -x -d 'how many days'
complete -c meals -n "__fish_seen_subcommand_from plan" -l json -d 'as JSON'
complete -c meals -n "__fish_seen_subcommand_from plan" -l slot -x -a 'breakfast lunch dinner other' -d 'the slot'
complete -c meals -n "__fish_seen_subcommand_from plan" -l servings -x -d 'servings'
complete -c meals -n "__fish_seen_subcommand_from plan" -l format -x -a 'ical' -d 'the format'
complete -c meals -n "__fish_seen_subcommand_from plan" -l output -r -F -d 'a file'
complete -c meals -n "__fish_seen_subcommand_from add remove" -a '(__meals_names)' -d 'meal'
