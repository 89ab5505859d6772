#include "cli/png.h"

#include <spng.h>

#include <memory>
#include <stdexcept>

#include "cli/files.h"
#include "cli/png_chunks.h"
#include "core/errors.h"
#include "core/image/view.h"

namespace al::cli {

RgbaPicture read_png(const std::string& path) {
  return decode_png(read_file(path, image::kMaxFileBytes, "pictures"), path);
}

RgbaPicture decode_png(std::string bytes, const std::string& name) {
  const auto fail = [&](const std::string& why) { return AssetError("cannot read '" + name + "' as a PNG: " + why); };
  PngHeader h;
  try {
    h = keep_needed_chunks(bytes);
  } catch (const std::runtime_error& e) {
    throw fail(e.what());
  }
  // the image mode's limits, before anything is allocated
  if (const std::string problem = image::size_problem(h.width, h.height); !problem.empty()) throw fail(problem);
  RgbaPicture p;
  p.width = int(h.width);
  p.height = int(h.height);
  const std::unique_ptr<spng_ctx, void (*)(spng_ctx*)> ctx(spng_ctx_new(0), spng_ctx_free);
  if (!ctx) throw fail("out of memory");
  spng_set_image_limits(ctx.get(), image::kMaxSide, image::kMaxSide);
  spng_set_png_buffer(ctx.get(), bytes.data(), bytes.size());
  const auto damaged = [&](int e) { return fail(std::string("it is damaged (") + spng_strerror(e) + ")"); };
  std::size_t size = 0;
  if (const int e = spng_decoded_image_size(ctx.get(), SPNG_FMT_RGBA8, &size)) throw damaged(e);
  p.rgba.resize(size);
  // SPNG_DECODE_TRNS: a palette or grey image's transparent colour becomes alpha 0
  if (const int e = spng_decode_image(ctx.get(), p.rgba.data(), size, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS))
    throw damaged(e);
  return p;
}

}  // namespace al::cli
