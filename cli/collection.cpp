// What the collection subcommands share (cli/collection.hpp).
#include "collection.hpp"

#include <fstream>
#include <iostream>

#include "beyt/notation/replay.hpp"

namespace beyt::cli {
namespace {

// Passes the games of one input on; reports the ones that cannot be read.
class InputVisitor : public notation::GameVisitor {
 public:
  InputVisitor(GameSink& sink, Input& input, ReadSummary& summary) : sink_(sink), input_(input), summary_(summary) {}
  bool game(notation::GameRecord&& record, std::uint32_t index) override {
    ++summary_.games;
    if (sink_.game(std::move(record), input_, index)) return true;
    summary_.stopped = true;
    return false;
  }
  bool error(const notation::Diagnostic& d) override {
    ++summary_.unreadable;
    print_diagnostic(std::cerr, d, &input_, false);
    return true;
  }

 private:
  GameSink& sink_;
  Input& input_;
  ReadSummary& summary_;
};

}  // namespace

void add_common_options(cxxopts::Options& spec, CommonOptions& o, std::string_view output_help, bool quiet) {
  auto add = spec.add_options();
  if (!output_help.empty()) {
    add("o,output", std::string(output_help), cxxopts::value(o.output));
    add("to", "output format: text, json, xml or jsonl (default: from -o, else the first input's)",
        cxxopts::value(o.to));
  }
  add("from", "input format: text, json, xml or jsonl (default: from the extension)", cxxopts::value(o.from));
  if (quiet) add("q,quiet", "no summary line on standard error", cxxopts::value(o.quiet));
  add("h,help", "this help");
  add("files", "record files", cxxopts::value(o.files));
  spec.parse_positional({"files"});
}

bool parse_common(cxxopts::Options& spec, int argc, char** argv, std::string_view command, CommonOptions& o,
                  int& exit_code) {
  if (!parse_command_line(spec, argc, argv, command, exit_code)) return false;
  exit_code = kExitUsage;
  if (o.files.empty()) return usage_error(command, "no FILE given"), false;
  if (!choose_format(o.files.front(), o.from, o.in_format))
    return usage_error(command, "--from must be text, json, xml or jsonl"), false;
  if (!output_format(o.output, o.to, o.in_format, o.out_format))
    return usage_error(command, "--to must be text, json, xml or jsonl"), false;
  exit_code = kExitOk;
  return true;
}

ReadSummary read_inputs(std::string_view command, const std::vector<std::string>& paths, const std::string& from,
                        GameSink& sink, notation::ReadOptions options) {
  ReadSummary summary;
  for (const auto& path : paths) {
    notation::Format format;
    if (!choose_format(path, from, format)) format = notation::Format::text;  // checked by the caller
    Input input;
    std::string error;
    if (!input.open(path, error)) {
      std::cerr << "beyt " << command << ": " << error << "\n";
      summary.failed = true;
      continue;
    }
    InputVisitor visitor(sink, input, summary);
    notation::Diagnostic d = notation::read_games(input.stream(), input.name(), format, visitor, options);
    if (d) {
      ++summary.unreadable;
      summary.failed = true;
      print_diagnostic(std::cerr, d, &input, false);
    }
    if (summary.stopped) break;
  }
  return summary;
}

bool inputs_exist(std::string_view command, const std::vector<std::string>& paths) {
  for (const auto& path : paths) {
    if (path == "-") continue;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      std::cerr << "beyt " << command << ": cannot open '" << path << "'\n";
      return false;
    }
  }
  return true;
}

bool output_format(const std::string& output, const std::string& to, notation::Format fallback,
                   notation::Format& out) {
  if (!to.empty()) return notation::parse_format(to, out);
  out = output.empty() || output == "-" ? fallback : notation::format_of_path(output);
  return true;
}

bool RecordOutput::open(std::string_view command, const CommonOptions& o) {
  if (!inputs_exist(command, o.files)) return false;
  std::string error;
  if (!output_.open(o.output, error)) {
    std::cerr << "beyt " << command << ": " << error << "\n";
    return false;
  }
  writer_.emplace(output_.stream(), o.out_format);
  return true;
}

bool RecordOutput::finish(std::string_view command, const ReadSummary& r) {
  writer_->finish();
  if (r.failed || r.unreadable > 0) {
    std::cerr << "beyt " << command << ": a game could not be read\n";
    return false;
  }
  std::string error;
  if (!output_.close(error)) {
    std::cerr << "beyt " << command << ": " << error << "\n";
    return false;
  }
  return true;
}

notation::Diagnostic resolve(const notation::GameRecord& record, const std::string& file, std::uint32_t index,
                             const std::string& default_game, Start& out) {
  notation::ReplayOptions options;
  options.default_game = default_game;
  options.stop_after = 0;
  options.variations = false;
  notation::Replay replay;
  notation::Diagnostic d = notation::replay(record, file, index, options, replay);
  out.game = replay.game;
  out.rules = std::move(replay.rules);
  out.state = std::move(replay.state);
  return d;
}

Error canonicalise_line(notation::Line& line, State& state) {
  std::string canonical;
  for (auto& node : line) {
    std::unique_ptr<State> before;
    if (!node.variations.empty()) before = state.clone();
    if (Error e = state.check(node.move, canonical)) return e;
    if (Error e = state.play(canonical)) return e;
    node.move = canonical;
    for (auto& variation : node.variations) {
      auto copy = before->clone();
      if (Error e = canonicalise_line(variation, *copy)) return e;
    }
  }
  return Error::none();
}

void canonical_tag_order(notation::GameRecord& record) {
  std::vector<notation::TagPair> ordered;
  ordered.reserve(record.tags.size() + std::size(notation::kRoster));
  auto take = [&](std::string_view name) {
    for (auto& tag : record.tags)
      if (tag.name == name) {
        ordered.push_back(std::move(tag));
        tag.name.clear();  // taken
        return true;
      }
    return false;
  };
  for (auto name : notation::kRoster) {
    if (take(name)) continue;
    notation::TagPair tag;
    tag.name = std::string(name);
    tag.value = name == "Result" ? record.result : std::string(notation::roster_default(name));
    ordered.push_back(std::move(tag));
  }
  for (auto name : notation::kAfterRoster) take(name);
  for (auto& tag : record.tags)
    if (!tag.name.empty()) ordered.push_back(std::move(tag));
  record.tags = std::move(ordered);
}

}  // namespace beyt::cli
