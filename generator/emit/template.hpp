// `$name$` templates: the generator's skeletons live in templates/ and are filled here.
// An unknown placeholder is an error naming the template's file and line; `$$` is a literal $.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

namespace fairygen::emit {

struct TemplateError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Template {
 public:
  static Template load(const std::string& path);
  Template(std::string text, std::string name) : text_(std::move(text)), name_(std::move(name)) {}

  // Every placeholder must have a value; every value must be used.
  std::string render(const std::map<std::string, std::string>& values) const;

 private:
  std::string text_;
  std::string name_;
};

}  // namespace fairygen::emit
