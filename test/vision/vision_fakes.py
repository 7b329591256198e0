"""Python fakes of the vision test ops that opgen cannot derive."""
import torch


@torch.library.register_fake("vision::nms")
def _nms_fake(dets, scores, iou_threshold):
    torch._check(dets.dim() == 2 and dets.size(1) == 4)
    torch._check(scores.size(0) == dets.size(0))
    # How many boxes survive depends on the data.
    kept = torch.library.get_ctx().new_dynamic_size()
    return dets.new_empty(kept, dtype=torch.long)
