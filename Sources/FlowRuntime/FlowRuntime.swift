// FlowRuntime: see issue briefs.
