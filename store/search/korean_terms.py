"""English words and the Korean words two open-source documentation projects' Korean
localization teams chose for them, kept as their glossaries give them:

- KUBERNETES: the Kubernetes documentation's glossary ("한글화 용어집", kubernetes/website,
  content/ko/docs/contribute/localization_ko.md; CC BY 4.0);
- REACT: the React documentation's (reactjs/ko.react.dev, wiki/translate-glossary.md and
  translate-glossary-legacy.md; CC BY 4.0).

Only rows whose Korean is one word of native or Sino-Korean vocabulary are kept.  Rows the
teams spell as a loanword (파드, 컨피그맵, 렌더링) are left out: `store.language.loanwords` spells
those back; so are rows of more than one Korean word (개념 증명, 코드 분할) and rows
`store.language.glossary` already holds (연결, 요청, 설정, 형식, 한도, 사용자, 의존성).

Read by `store.search.korean_english` only (search, never the prompt hook).  Each row:
the English words, then the Korean words; the English forms are what the store is
searched for.
"""

from __future__ import annotations

KUBERNETES = (
    (("access",), ("접근",)),
    (("allocation", "quota"), ("할당량",)),
    (("appendix",), ("부록",)),
    (("array",), ("배열",)),
    (("availability",), ("가용성",)),
    (("boilerplate",), ("상용구",)),
    (("configuration", "configure"), ("구성",)),
    (("credentials",), ("자격증명",)),
    (("descriptor", "identifier"), ("식별자",)),
    (("disruption",), ("중단",)),
    (("distros", "distribution"), ("배포판",)),
    (("egress",), ("송신",)),
    (("entrypoint", "entry"), ("진입점",)),
    (("eviction", "evict", "evicted"), ("축출",)),
    (("expose", "exposed"), ("노출",)),
    (("idempotent", "idempotency"), ("멱등성",)),
    (("init", "initialization"), ("초기화",)),
    (("load",), ("부하",)),
    (("observability",), ("가시성",)),
    (("output",), ("출력",)),
    (("postfix", "suffix"), ("접미사",)),
    (("prefix",), ("접두사",)),
    (("privileged", "privilege"), ("특권",)),
    (("return", "reclaim"), ("반환",)),
    (("skew",), ("차이",)),
    (("spec", "specification"), ("명세", "사양")),
    (("support",), ("지원",)),
    (("surge",), ("증가율",)),
    (("tools", "tool"), ("도구",)),
    (("utilization", "usage"), ("사용량", "사용률")),
    (("virtualization",), ("가상화",)),
    (("walkthrough",), ("연습",)),
)

REACT = (
    (("tutorial",), ("자습서",)),
    (("declarative",), ("선언적",)),
    (("stateful",), ("유상태",)),
    (("stateless",), ("무상태",)),
    (("external",), ("외부",)),
    (("syntax",), ("문법",)),
    (("function", "functional"), ("함수",)),
    (("composition", "synthetic"), ("합성",)),
    (("inheritance",), ("상속",)),
    (("lifecycle",), ("생명주기",)),
    (("handling", "handle", "handler"), ("처리",)),
    (("conditional",), ("조건부",)),
    (("operator",), ("연산자",)),
    (("reuse",), ("재사용",)),
    (("mock",), ("모의",)),
    (("children", "child"), ("자식",)),
    (("reconciliation",), ("재조정",)),
    (("interactivity", "interaction"), ("상호작용",)),
    (("example", "examples"), ("예시",)),
    (("parameter", "parameters", "param", "params"), ("매개변수",)),
    (("returns",), ("반환값",)),
    (("directive", "directives"), ("지시어",)),
    (("imperative",), ("명령형",)),
)

ENGLISH: dict[str, tuple[str, ...]] = {
    korean: english for english, koreans in KUBERNETES + REACT for korean in koreans
}
