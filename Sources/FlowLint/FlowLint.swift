// FlowLint: see issue briefs.
