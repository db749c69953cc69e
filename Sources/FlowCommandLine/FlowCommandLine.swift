// FlowCommandLine: see issue briefs.
