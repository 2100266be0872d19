"""The examples of the package's README, run as doctests, so that what it
shows is what the package does: every ```python block, in order, as one
doctest run."""

import doctest
import re

from _vectors import repo_file


def test_readme_examples():
    text = repo_file("python/README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 8
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 20
    assert result.failed == 0
