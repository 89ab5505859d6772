// The image mode's reports: JSON (every requested step, as the text mode's) and a table of one
// query patch's weights laid out on the patch grid.
#include <algorithm>
#include <string>

#include "cli/report.h"
#include "core/explain.h"
#include "core/json_writer.h"
#include "core/steps.h"

namespace al::cli {

void print_image_json(std::FILE* out, const image::ImageAnalysis& a, const Args& args, const AttentionWeights& w) {
  JsonWriter j(out);
  j.begin_object();
  j.key("model").begin_object().key("dModel").value(w.d_model).key("heads").value(a.attention.heads);
  j.key("dK").value(a.attention.d_k).key("weights").value(w.preset).end_object();
  j.key("options");
  write_options(j, image_option_specs(), args.image_options);  // every option of the schema, as the JS API names it
  j.key("grid").begin_object().key("patch").value(a.grid.patch).key("side").value(a.grid.side);
  j.key("count").value(a.grid.count).end_object();
  const RowFocus f = row_focus(a.blend_weights, args.query, 5);
  j.key("query").begin_object().key("patch").value(args.query).key("row").value(a.grid.row(args.query));
  j.key("col").value(a.grid.col(args.query)).key("effectivePatches").value(f.effective);
  j.key("top5Share").value(f.top_share).end_object();
  j.key("steps").begin_object();
  for (const std::string& name : args.steps) {
    const bool per_head = name == "scores" || name == "scaled" || name == "weights";
    j.key(name).begin_object();
    const StepView first = find_image_step(a, w, name, 0);
    if (per_head) {
      j.key("shape").begin_array().value(a.attention.heads).value(first.rows).value(first.cols).end_array();
      j.key("data").begin_array();
      for (int h = 0; h < a.attention.heads; ++h) {
        const StepView v = find_image_step(a, w, name, h);
        j.begin_array();
        for (int r = 0; r < v.rows; ++r) j.newline().floats(v.data + std::size_t(r) * v.cols, std::size_t(v.cols));
        j.end_array();
      }
    } else {
      j.key("shape").begin_array().value(first.rows).value(first.cols).end_array();
      j.key("data").begin_array();
      for (int r = 0; r < first.rows; ++r)
        j.newline().floats(first.data + std::size_t(r) * first.cols, std::size_t(first.cols));
    }
    j.end_array().end_object();
  }
  j.end_object().end_object();
  j.flush();
  std::fputc('\n', out);
}

void print_image_table(std::FILE* out, const image::ImageAnalysis& a, const Args& args, int width, int height) {
  const int n = a.grid.count, side = a.grid.side, q = args.query;
  const int head = std::clamp(args.head, 0, a.attention.heads - 1);
  const Matrix& w = a.attention.weights[std::size_t(head)];
  std::fprintf(out, "%s: %d × %d, its 224 × 224 view in %d × %d patches of %d px (%d tokens)\n", args.image->c_str(),
               width, height, side, side, a.grid.patch, n);
  std::fprintf(out, "Content-similarity attention on this picture; no pretrained network.\n\n");
  std::fprintf(out, "The weights of patch (row %d, col %d), head %d of %d, in multiples of the uniform weight 1/%d\n",
               a.grid.row(q), a.grid.col(q), head + 1, a.attention.heads, n);
  std::fprintf(out, "(1 = as much as an equal share; the query patch is in brackets):\n");
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < side; ++c) {
      const int k = r * side + c;
      const double times = double(w(q, k)) * n;
      if (k == q)
        std::fprintf(out, "[%4.1f]", times);
      else
        std::fprintf(out, " %4.1f ", times);
    }
    std::fprintf(out, "\n");
  }
  const RowFocus f = row_focus(w, q, 5);
  std::fprintf(out,
               "\nspread over %.1f patches (exp of the entropy) of %d; the top 5 patches hold %.1f%% of the weight\n",
               f.effective, n, 100 * f.top_share);
}

}  // namespace al::cli
