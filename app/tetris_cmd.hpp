#pragma once
// The `tetris` subcommand. app/tetris_cmd.cpp creates it (with the verbs `show` and `moves`,
// and tour_tetris / bench_tetris); the other verbs add themselves to it from their own files
// by defining these hooks:
//
//   app/tetris_patterns_cmd.cpp: void setup_tetris_patterns(CLI::App& tetris);  // patterns
//   app/tetris_percent_cmd.cpp:  void setup_tetris_percent(CLI::App& tetris);   // percent,
//                                                                               // setup-percent
//   app/tetris_fig_cmd.cpp:      void setup_tetris_fig(CLI::App& tetris);       // fig
//   app/tetris_path_cmd.cpp:     void setup_tetris_path(CLI::App& tetris);      // path, saves
//   app/tetris_cover_cmd.cpp:    void setup_tetris_cover(CLI::App& tetris);     // cover
//   app/tetris_fig_cmd.cpp:      void setup_tetris_fig(CLI::App& tetris);       // fig
//   app/tetris_util_cmd.cpp:     void setup_tetris_util_seq(CLI::App& util);    // util seq
//
// `tetris util` (sfinder's util verbs) is created when a setup_tetris_util_<verb> hook is
// defined; each hook receives it and adds its verb.
//
// Each receives the `tetris` subcommand and calls tetris.add_subcommand(...). The hooks are
// declared weak so that the program links (and the verb is simply absent) while a file that
// defines one does not exist yet; setup_tetris calls each hook that is defined.

#include <CLI/CLI.hpp>

namespace manyworlds::cli {

[[gnu::weak]] void setup_tetris_patterns(CLI::App& tetris);
[[gnu::weak]] void setup_tetris_percent(CLI::App& tetris);
[[gnu::weak]] void setup_tetris_fig(CLI::App& tetris);
[[gnu::weak]] void setup_tetris_path(CLI::App& tetris);
[[gnu::weak]] void setup_tetris_cover(CLI::App& tetris);
[[gnu::weak]] void setup_tetris_util_seq(CLI::App& util);

}  // namespace manyworlds::cli
