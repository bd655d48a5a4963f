#include "cli.hpp"

#include "usage_error.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <limits>
#include <string_view>

namespace tutorial {

namespace {

std::string range_text(std::int64_t min, std::int64_t max) {
  return "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

// CLI11 words some errors over several lines; a sample's error is one line.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

// `text` as a JSON string.
std::string json_string(const std::string& text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      quoted += escaped;
    } else {
      quoted += c;
    }
  }
  return quoted + '"';
}

}  // namespace

std::int64_t parse_integer(const std::string& option, const std::string& text, std::int64_t min,
                           std::int64_t max, const std::string& limit_reason) {
  const auto refuse = [&] {
    const std::string reason = limit_reason.empty() ? "" : " (" + limit_reason + ")";
    throw UsageError(option, "expected " + range_text(min, max) + reason + ", got '" + text + "'");
  };
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  std::int64_t value = 0;
  if (text.size() > 2 && text[0] == '2' && text[1] == '^') {  // 2^k, handy for sizes
    int exponent = 0;
    const auto [ptr, ec] = std::from_chars(begin + 2, end, exponent);
    if (ec != std::errc{} || ptr != end || exponent < 0 || exponent > 62 || text[2] == '+')
      refuse();
    value = std::int64_t{1} << exponent;
  } else {
    if (text.empty() || text[0] < '0' || text[0] > '9') refuse();  // no sign, space or text
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc{} || ptr != end) refuse();  // overflow, fraction, exponent, suffix
  }
  if (value < min || value > max) refuse();
  return value;
}

Cli::Cli(std::string program, const std::string& description)
    : program_(std::move(program)), app_(std::make_unique<CLI::App>(description, program_)) {
  add_choice(
      "--backend", common_.backend,
      {{"auto", BackendChoice::automatic},
       {"device", BackendChoice::device},
       {"emulator", BackendChoice::emulator}},
      "where kernels run: auto (the GPU if suitable, else the CPU emulator), device, emulator");
  add_integer("--seed", common_.seed, 0, std::numeric_limits<std::int64_t>::max(),
              "seed of the random inputs");
  add_flag("--benchmark", common_.benchmark, "measure speed instead of demonstrating");
  add_flag("--print-backend", common_.print_backend,
           "print where the kernels would run and why, then exit (used by tools/doctor)");
}

void Cli::add_integer_impl(const std::string& name, std::function<void(std::int64_t)> store,
                           std::int64_t min, std::int64_t max, const std::string& help,
                           const std::string& limit_reason, std::int64_t default_value) {
  // The numbers as strings: JavaScript's numbers hold 53 bits, the limits 64.
  described_.push_back("{\"name\": " + json_string(name) + R"(, "kind": "integer", "default": )" +
                       json_string(std::to_string(default_value)) + R"(, "min": )" +
                       json_string(std::to_string(min)) + R"(, "max": )" +
                       json_string(std::to_string(max)) + R"(, "help": )" + json_string(help) +
                       "}");
  app_->add_option_function<std::string>(
          name,
          [name, store, min, max, limit_reason](const std::string& text) {
            store(parse_integer(name, text, min, max, limit_reason));
          },
          help + " (" + std::to_string(min) + ".." + std::to_string(max) + ", default " +
              std::to_string(default_value) + ")")
      ->type_name("INT");
}

void Cli::add_choice_impl(const std::string& name, std::vector<std::string> names,
                          std::function<void(std::size_t)> store, const std::string& help,
                          const std::string& default_name) {
  std::string listed, choices;
  for (const auto& n : names) {
    listed += (listed.empty() ? "" : "|") + n;
    choices += (choices.empty() ? "" : ", ") + json_string(n);
  }
  described_.push_back("{\"name\": " + json_string(name) + R"(, "kind": "choice", "default": )" +
                       json_string(default_name) + R"(, "choices": [)" + choices +
                       R"(], "help": )" + json_string(help) + "}");
  app_->add_option_function<std::string>(
          name,
          [name, names, listed, store](const std::string& text) {
            for (std::size_t i = 0; i < names.size(); ++i)
              if (names[i] == text) return store(i);
            throw UsageError(name, "expected one of " + listed + ", got '" + text + "'");
          },
          help + " (default " + default_name + ")")
      ->type_name(listed);
}

void Cli::add_flag(const std::string& name, bool& value, const std::string& help) {
  described_.push_back("{\"name\": " + json_string(name) + R"(, "kind": "flag", "default": )" +
                       (value ? "true" : "false") + R"(, "help": )" + json_string(help) + "}");
  app_->add_flag(name, value, help);
}

void Cli::add_text(const std::string& name, std::string& value, const std::string& help) {
  described_.push_back("{\"name\": " + json_string(name) + R"(, "kind": "text", "default": )" +
                       json_string(value) + R"(, "help": )" + json_string(help) + "}");
  app_->add_option(name, value, help);
}

bool Cli::parse(int argc, char** argv) {
  // For the docs' Run panels, which make a form of the options: not in --help, not a user's.
  if (argc == 2 && std::string_view(argv[1]) == "--describe-options") {
    std::cout << "{\"program\": " << json_string(program_)
              << ", \"description\": " << json_string(app_->get_description())
              << ", \"options\": [\n";
    for (std::size_t i = 0; i < described_.size(); ++i)
      std::cout << "  " << described_[i] << (i + 1 < described_.size() ? ",\n" : "\n");
    std::cout << "]}\n";
    return true;
  }
  try {
    app_->parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app_->help();
    return true;
  } catch (const CLI::ParseError& e) {
    // CLI11 starts most messages with the option ("--n: 1 required INT missing"); keep that
    // form, and name the command line itself for the rest ("...not expected: --foo").
    const std::string message = one_line(e.what());
    if (const auto colon = message.find(": ");
        message.starts_with("--") && colon != std::string::npos)
      throw UsageError(message.substr(0, colon), message.substr(colon + 2));
    throw UsageError("command line", message);
  }
  return false;
}

std::optional<BackendSelection> Cli::parse_and_select_backend(int argc, char** argv,
                                                              ComputeCapability minimum) {
  if (parse(argc, argv)) return std::nullopt;
  BackendSelection selection = select_backend(common_.backend, minimum);
  if (common_.print_backend) {
    std::cout << to_string(selection.backend) << ": "
              << (selection.backend == Backend::device ? selection.where() : selection.reason)
              << "\n";
    return std::nullopt;
  }
  run_cpu_build_if_emulated(selection, argv);
  if (selection.fell_back) std::cout << selection.notice() << std::endl;
  return selection;
}

Cli::~Cli() = default;

bool Cli::given(const std::string& name) const { return app_->count(name) > 0; }

}  // namespace tutorial
