// The picture mode's sizes as the core sets them (the schema, written from src/core/image/): the
// side of the square view every picture is analysed at, and the numbers of a patch's token
// vector, the image layer's d_model. The page's texts read them here and type no copy.
import { SCHEMA } from '../../lib/generated/schema.js';

export const VIEW_SIZE = SCHEMA.imageViewSize; // kViewSize (src/core/image/view.h)
export const TOKEN_DIMS = SCHEMA.imageTokenDims; // kTokenDims (src/core/image/tokens.h)

// how many patches of patch × patch pixels the view is cut into
export const patchCount = (patch) => (VIEW_SIZE / patch) ** 2;
