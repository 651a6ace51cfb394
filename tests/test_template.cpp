// $name$ templates: substitution, $$, and the errors (unknown, unterminated, unused).
#include <gtest/gtest.h>

#include "generator/emit/template.hpp"

namespace {

using fairygen::emit::Template;
using fairygen::emit::TemplateError;

std::string error_of(const std::string& text, const std::map<std::string, std::string>& values) {
  try {
    Template(text, "t.in").render(values);
  } catch (const TemplateError& e) {
    return e.what();
  }
  return "";
}

TEST(Template, Substitutes) {
  EXPECT_EQ(Template("a $x$ b $y$ $x$", "t.in").render({{"x", "1"}, {"y", "2"}}), "a 1 b 2 1");
  EXPECT_EQ(Template("cost: $$5", "t.in").render({}), "cost: $5");
}

TEST(Template, UnknownPlaceholderNamesFileAndLine) {
  EXPECT_EQ(error_of("one\ntwo $nope$\n", {}), "t.in:2: error: unknown placeholder $nope$");
}

TEST(Template, UnterminatedPlaceholder) {
  EXPECT_EQ(error_of("x\n$open\nmore", {}), "t.in:2: error: unterminated '$' placeholder");
  EXPECT_EQ(error_of("x $abc", {}), "t.in:1: error: unterminated '$' placeholder");
}

TEST(Template, UnusedValueIsAnError) {
  EXPECT_EQ(error_of("$a$", {{"a", "1"}, {"b", "2"}}), "t.in: error: value for $b$ is never used");
}

TEST(Template, MissingFile) {
  EXPECT_THROW(Template::load("/nonexistent/x.in"), TemplateError);
}

}  // namespace
