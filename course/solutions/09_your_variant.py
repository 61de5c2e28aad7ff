"Solutions to lesson 9: your own variant."
from dataclasses import dataclass

from insightkit.pipeline.baselines import RetrievalSettings, passages_of, retrieve
from insightkit.pipeline.variant import Trace, Variant, at_least, register_variant


@dataclass
class KeywordSettings(RetrievalSettings):
    keywords: int = at_least(1, 4)  # how many of the question's longest words form the query


@register_variant
class KeywordRag(Variant):
    "Exercise 9.1: keyword RAG: the question's longest words are the query; the top-k passages answer it."
    name, Settings = 'keyword-rag', KeywordSettings

    def answer(self, items, prepared, task, store):
        traces = [Trace(it) for it in items]
        queries = [t.stage('query', ' '.join(sorted(t.item.question.split(), key=len)[-self.settings.keywords:]))
                   for t in traces]
        hits = retrieve(self.settings, store, task, items, queries)
        return self.generate(traces, [passages_of(t.stage('retrieved', h)) for t, h in zip(traces, hits)], task)
