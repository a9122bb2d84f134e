// What the collection subcommands share (cli/collection.hpp).
#include "collection.hpp"

#include <iostream>

#include "beyt/notation/replay.hpp"
#include "command_line.hpp"
#include "names.hpp"

namespace beyt::cli {
void add_common_options(CommandLine& line, CommonOptions& o, std::string_view output_help, bool quiet) {
  if (!output_help.empty()) {
    line.option("o,output", std::string(output_help), o.output)
        .option("to", "output format: " + notation::format_list() + " (default: from -o, else the first input's)", o.to)
        .option("format", "the same as --to", o.format)
        .option("force", "replace an output file even if it is write-protected (as cp -f)", o.force);
  }
  line.option("from", "input format: " + notation::format_list() + " (default: from the extension, else the content)",
              o.from);
  if (quiet) line.option("q,quiet", "no summary line on standard error", o.quiet);
  line.positional("files", "record files", o.files, "FILE...");
}

bool parse_common(CommandLine& line, int argc, char** argv, CommonOptions& o, int& exit_code) {
  if (!line.parse(argc, argv, exit_code)) return false;
  const std::string& command = line.command();
  exit_code = kExitUsage;
  if (o.files.empty()) return usage_error(command, "no FILE given"), false;
  std::string error;
  if (!fold_alias("format", o.format, "to", o.to, error)) return usage_error(command, error), false;
  if (!parse_format_option(o.from, o.from_format)) return usage_error(command, format_error("from", o.from)), false;
  notation::Format f;
  if (!o.to.empty()) {
    if (!notation::parse_format(o.to, f)) return usage_error(command, format_error("to", o.to)), false;
    o.out_format = f;
  } else if (o.output != "-" && !o.output.empty()) {
    o.out_format = notation::format_of_path(o.output);
  } else if (o.from_format) {
    o.out_format = o.from_format;
  } else if (notation::format_of_extension(o.files.front(), f)) {
    o.out_format = f;
  }
  exit_code = kExitOk;
  return true;
}

void PrintingSink::diagnostic(const notation::Diagnostic& d, Input* input) { print_diagnostic(err(), d, input, false); }

notation::ReadInputsOptions read_options(const CommonOptions& o) {
  notation::ReadInputsOptions options;
  options.format = o.from_format;
  return options;
}

bool inputs_exist(const std::vector<std::string>& paths) {
  const notation::Diagnostic d = notation::unreadable_input(paths);
  if (d) print_diagnostic(err(), d, nullptr, false);
  return !d;
}

int check_inputs(std::string_view command, const std::vector<std::string>& inputs, const std::string& output) {
  if (int rc = refuse_same_file(command, inputs, output)) return rc;
  return inputs_exist(inputs) ? 0 : kExitInvalid;
}

int RecordOutput::open(std::string_view command, const CommonOptions& o) {
  if (int rc = check_inputs(command, o.files, o.output)) return rc;
  format_ = o.out_format;
  path_ = o.output;
  std::string error;
  if (!output_.open(o.output, error, output_options(o.force))) {
    print_file_error(err(), Code::write_error, o.output, error, false);
    return kExitInvalid;
  }
  return 0;
}

notation::RecordWriter& RecordOutput::writer() {
  if (!writer_) writer_.emplace(output_.stream(), format_.value_or(notation::Format::text));
  return *writer_;
}

bool RecordOutput::finish(std::string_view command, const ReadSummary& r) {
  if (r.failed || r.unreadable > 0) {
    // The file stays as it was (the output is discarded). On standard output
    // the games before the error are out; the document is left unclosed,
    // so that no reader takes it for whole.
    output_.stream().setstate(std::ios::badbit);
    err() << "beyt " << command << ": stopped by the errors above: "
          << (path_ == "-" ? std::string("the output is incomplete") : "nothing was written to '" + path_ + "'") << "\n";
    return false;
  }
  writer().finish();
  std::string error;
  if (!output_.close(error)) {
    print_file_error(err(), Code::write_error, path_, error, false);
    return false;
  }
  return true;
}

}  // namespace beyt::cli
