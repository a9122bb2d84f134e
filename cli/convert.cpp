// beyt convert IN [-o OUT] : text, JSON and XML records into each other.
#include <cxxopts.hpp>
#include <iostream>

#include "cli.hpp"

namespace beyt::cli {
namespace {

struct ConvertOptions {
  std::string input;
  std::string output = "-";
  std::string from;  // forced input format
  std::string to;    // forced output format
  bool strict = false;
};

class WritingVisitor : public notation::GameVisitor {
 public:
  explicit WritingVisitor(notation::RecordWriter& writer) : writer_(writer) {}
  bool game(notation::GameRecord&& record, std::uint32_t) override {
    writer_.game(record);
    return true;
  }

 private:
  notation::RecordWriter& writer_;
};

}  // namespace

int run_convert(int argc, char** argv) {
  ConvertOptions o;
  cxxopts::Options spec("beyt convert",
                        "Converts the records of IN (- for standard input) to OUT, between the text\n"
                        "notation, JSON and XML, without loss: tags, comments, NAGs, variations and\n"
                        "results are kept; the output is in canonical form. Formats follow the file\n"
                        "extensions (.json, .xml, anything else is text) unless --from/--to say.\n"
                        "Moves are not replayed: use beyt validate for that.");
  spec.positional_help("IN");
  spec.add_options()
      ("o,output", "output file (default: - standard output)", cxxopts::value(o.output))
      ("to", "output format: text, json or xml (default: from -o, else text)", cxxopts::value(o.to))
      ("from", "input format: text, json or xml (default: from the extension)", cxxopts::value(o.from))
      ("strict", "reject text input that lacks what the canonical form has", cxxopts::value(o.strict))
      ("h,help", "this help")
      ("input", "input file", cxxopts::value(o.input));
  spec.parse_positional({"input"});
  int exit_code = kExitOk;
  auto parsed = parse_command_line(spec, argc, argv, "convert", exit_code);
  if (!parsed) return exit_code;
  if (o.input.empty()) return usage_error("convert", "no IN given");
  notation::Format in_format, out_format;
  if (!choose_format(o.input, o.from, in_format)) return usage_error("convert", "--from must be text, json or xml");
  if (!choose_format(o.output == "-" ? std::string() : o.output, o.to, out_format))
    return usage_error("convert", "--to must be text, json or xml");

  Input input;
  Output output;
  std::string error;
  if (!input.open(o.input, error) || !output.open(o.output, error)) {
    std::cerr << "beyt convert: " << error << "\n";
    return kExitInvalid;
  }
  notation::RecordWriter writer(output.stream(), out_format);
  WritingVisitor visitor(writer);
  notation::ReadOptions read_options;
  read_options.strict = o.strict;
  notation::Diagnostic d = notation::read_games(input.stream(), input.name(), in_format, visitor, read_options);
  writer.finish();
  if (!output.close(error)) {
    std::cerr << "beyt convert: " << error << "\n";
    return kExitInvalid;
  }
  if (d) {
    print_diagnostic(std::cerr, d, &input, false);
    return kExitInvalid;
  }
  return kExitOk;
}

}  // namespace beyt::cli
